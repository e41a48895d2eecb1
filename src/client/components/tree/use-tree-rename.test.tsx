import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../lib/toasts.tsx';
import { notesTree } from './drag-announcements-test-helpers.ts';
import { type RenameMutation, useTreeRename } from './use-tree-rename.ts';

/** A rename the server takes at once. */
const accepted = () => {
  const sent: { id: string; title: string }[] = [];
  const mutation: RenameMutation = {
    mutate: vi.fn((vars, options) => {
      sent.push(vars);
      options?.onSuccess?.();
    }),
  };
  return { mutation, sent };
};

const wrapper = ({ children }: { children: ReactNode }) => <ToastProvider>{children}</ToastProvider>;

function renderRename(namingId: string | null = null) {
  const notebook = accepted();
  const section = accepted();
  const { result } = renderHook(
    () =>
      useTreeRename({
        levels: notesTree(),
        renames: { notebook: notebook.mutation, section: section.mutation },
        namingId,
      }),
    { wrapper },
  );
  return { rename: result.current, notebook, section };
}

describe('useTreeRename', () => {
  it('offers Undo once the server has the rename, which sends the old title back', async () => {
    const { rename, section } = renderRename();
    act(() => rename('section', 's-ideas', 'Plans'));
    expect(section.sent).toEqual([{ id: 's-ideas', title: 'Plans' }]);
    expect(await screen.findByText('Section renamed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(section.sent.at(-1)).toEqual({ id: 's-ideas', title: 'Ideas' });
  });

  it('offers nothing for the first name of a row just created, nor for the same title', () => {
    const { rename, notebook } = renderRename('nb-home');
    act(() => rename('notebook', 'nb-home', 'House'));
    act(() => rename('notebook', 'nb-work', 'Work'));
    expect(notebook.sent).toHaveLength(2);
    expect(screen.queryByText('Notebook renamed')).toBeNull();
  });
});
