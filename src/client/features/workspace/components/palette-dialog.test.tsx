import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotesOutline } from '../../../../shared/schemas/note.ts';
import { type CommandId, matchEntries, notesEntries, type PaletteEntry } from '../palette-items.ts';
import { PaletteDialog } from './palette-dialog.tsx';

beforeAll(() => {
  // jsdom lays nothing out: cmdk scrolls the active option into view and watches the list's size.
  Element.prototype.scrollIntoView ??= () => {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const page = (id: string, title: string) => ({
  id,
  title,
  position: 0,
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const launchPages = [page('p1', 'Launch plan'), page('p2', 'Launch party')];
const entries = notesEntries(
  {
    notebooks: [{ id: 'nb', title: 'Work', sections: [{ id: 'sec', title: 'Projects', noteCount: 2 }] }],
  } as NotesOutline,
  (sectionId) => (sectionId === 'sec' ? launchPages : undefined),
);

/** The palette as the workspace uses it: the query held outside, results matched by palette-items. */
function Harness({
  onChoose,
  disabled = [],
}: {
  onChoose(entry: PaletteEntry): void;
  disabled?: CommandId[];
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open palette
      </button>
      <PaletteDialog
        open={open}
        onOpenChange={setOpen}
        query={query}
        onQueryChange={setQuery}
        results={matchEntries(entries, query)}
        isDisabled={(id) => disabled.includes(id)}
        onChoose={onChoose}
      />
    </>
  );
}

async function openPalette(props: Parameters<typeof Harness>[0]) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  await user.click(screen.getByRole('button', { name: 'Open palette' }));
  const input = await screen.findByRole('combobox', { name: 'Search or jump to' });
  return { user, input };
}

describe('the command palette dialog', () => {
  it('is a dialog with a focused combobox controlling a listbox of the commands', async () => {
    const { input } = await openPalette({ onChoose: vi.fn() });
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeInTheDocument();
    expect(input).toHaveFocus();
    const listbox = screen.getByRole('listbox');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('SettingsCommand');
  });

  it('Enter opens the best match of what was typed', async () => {
    const onChoose = vi.fn();
    const { user } = await openPalette({ onChoose });
    await user.keyboard('lnch pln');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(onChoose).toHaveBeenCalledTimes(1));
    expect(onChoose.mock.calls[0]?.[0]).toMatchObject({ kind: 'page', id: 'p1', title: 'Launch plan' });
  });

  it('arrow keys move the active option, wrapping around', async () => {
    const onChoose = vi.fn();
    const { user, input } = await openPalette({ onChoose });
    await user.keyboard('launch');
    const [first, second] = screen.getAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', second?.id);
    await user.keyboard('{ArrowDown}');
    expect(first).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    await vi.waitFor(() => expect(onChoose).toHaveBeenCalledTimes(1));
    expect(onChoose.mock.calls[0]?.[0]).toMatchObject({ id: 'p2' });
  });

  it('skips a command that cannot run now', async () => {
    const onChoose = vi.fn();
    const { user } = await openPalette({ onChoose, disabled: ['new-page'] });
    expect(screen.getByRole('option', { name: /New page/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: /New task/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(onChoose).toHaveBeenCalledTimes(1));
    expect(onChoose.mock.calls[0]?.[0]).toMatchObject({ kind: 'command', id: 'new-task' });
  });

  it('says so when nothing matches', async () => {
    const { user } = await openPalette({ onChoose: vi.fn() });
    await user.keyboard('zzzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No results found')).toBeInTheDocument();
  });

  it('Escape closes without choosing and gives focus back to where it was', async () => {
    const onChoose = vi.fn();
    const { user } = await openPalette({ onChoose });
    await user.keyboard('launch{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Open palette' })).toHaveFocus());
    expect(onChoose).not.toHaveBeenCalled();
  });
});
