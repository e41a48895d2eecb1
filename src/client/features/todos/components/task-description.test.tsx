import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { editorText, typeAtEnd } from '../../../components/markdown/markdown-editor-test-helpers.ts';
import type { EditOutcome } from '../hooks/use-task-edit.ts';
import { descriptionDraftKey, TaskDescription } from './task-description.tsx';

// Each test its own task: an editor unmounted after a test may still write its draft.
const taskIds = {
  closed: '70000000-0000-4000-8000-000000000009',
  offline: '70000000-0000-4000-8000-000000000008',
};
afterEach(() => localStorage.clear());

function renderDescription(taskId: string, initial = '') {
  const saves: Array<{ text: string; outcome: EditOutcome }> = [];
  const view = render(
    <TaskDescription
      taskId={taskId}
      initial={initial}
      readOnly={false}
      onSave={(text, outcome) => saves.push({ text, outcome })}
    />,
  );
  return { saves, view, body: () => screen.findByRole('textbox', { name: 'Description' }) };
}

it('keeps typed text as a draft through a closed panel, sends it again on reopening, and drops it once saved', async () => {
  const taskId = taskIds.closed;
  const first = renderDescription(taskId);
  await typeAtEnd(await first.body(), 'Bring the ladder');
  await vi.waitFor(() => expect(localStorage.getItem(descriptionDraftKey(taskId))).toBe('Bring the ladder'));
  // The panel closes (or the page reloads) before the server answered.
  first.view.unmount();
  expect(first.saves.map((s) => s.text)).toEqual(['Bring the ladder']);

  const second = renderDescription(taskId);
  expect(editorText(await second.body())).toBe('Bring the ladder');
  expect(second.saves.map((s) => s.text)).toEqual(['Bring the ladder']);
  act(() => second.saves[0]?.outcome.onSuccess?.());
  expect(localStorage.getItem(descriptionDraftKey(taskId))).toBeNull();
});

it('sends again when the connection comes back after a failed save', async () => {
  const taskId = taskIds.offline;
  const { saves, body } = renderDescription(taskId, 'Old');
  const editor = await body();
  await typeAtEnd(editor, ' and new');
  await vi.waitFor(() => expect(localStorage.getItem(descriptionDraftKey(taskId))).toBe('Old and new'));
  act(() => editor.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
  await vi.waitFor(() => expect(saves.map((s) => s.text)).toEqual(['Old and new']));
  act(() => saves[0]?.outcome.onError?.());
  expect(localStorage.getItem(descriptionDraftKey(taskId))).toBe('Old and new');
  act(() => window.dispatchEvent(new Event('online')));
  expect(saves.map((s) => s.text)).toEqual(['Old and new', 'Old and new']);
});
