import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToasts } from './toasts.tsx';
import { UNDO_MS } from './undo-stack.ts';

/** The Undo toast as a user meets it: announced politely, pressed once, by click or Ctrl/Cmd+Z. */

function Offer({
  onUndo,
  target = 'task:a',
  message = 'Task completed',
}: {
  onUndo(): void;
  target?: string;
  message?: string;
}) {
  const { offerUndo } = useToasts();
  return (
    <>
      <button type="button" onClick={() => offerUndo({ message, targets: [target], undo: onUndo })}>
        Complete
      </button>
      <input aria-label="Notes" />
    </>
  );
}

const renderOffer = (onUndo: () => void) =>
  render(
    <ToastProvider>
      <Offer onUndo={onUndo} />
    </ToastProvider>,
  );

afterEach(() => vi.useRealTimers());

describe('Undo toasts', () => {
  it('says what happened in a polite status region and undoes once, however often Undo is pressed', async () => {
    const onUndo = vi.fn();
    renderOffer(onUndo);
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Task completed');
    const undo = screen.getByRole('button', { name: 'Undo' });
    fireEvent.click(undo);
    fireEvent.click(undo);
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    // Nothing left for the shortcut either.
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(onUndo).toHaveBeenCalledTimes(1);
  });

  it('is reachable by keyboard and returns focus to where it was', async () => {
    const onUndo = vi.fn();
    renderOffer(onUndo);
    const complete = screen.getByRole('button', { name: 'Complete' });
    await userEvent.click(complete);
    expect(complete).toHaveFocus();
    await userEvent.tab(); // the Notes field
    await userEvent.tab(); // Undo
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Notes')).toHaveFocus();
  });

  it('answers Ctrl+Z and Cmd+Z outside text fields only', async () => {
    const onUndo = vi.fn();
    renderOffer(onUndo);
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    fireEvent.keyDown(screen.getByLabelText('Notes'), { key: 'z', ctrlKey: true });
    expect(onUndo).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'z', metaKey: true });
    expect(onUndo).toHaveBeenCalledTimes(1);
  });

  it('goes away after 8 s, and its undo with it', () => {
    vi.useFakeTimers();
    const onUndo = vi.fn();
    renderOffer(onUndo);
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(UNDO_MS - 500));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(onUndo).not.toHaveBeenCalled();
  });

  it('replaces the offer for the same thing with the newer one', async () => {
    const first = vi.fn();
    const second = vi.fn();
    render(
      <ToastProvider>
        <Offer onUndo={first} message="Task completed" />
        <Offer onUndo={second} message="Priority changed" />
      </ToastProvider>,
    );
    const [a, b] = screen.getAllByRole('button', { name: 'Complete' });
    await userEvent.click(a as HTMLElement);
    await userEvent.click(b as HTMLElement);
    expect(screen.getAllByRole('button', { name: 'Undo' })).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Priority changed');
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
