import type { Active, Announcements, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { type AnnouncedData, type DragModel, dragAnnouncements } from './drag-announcements.ts';

// The notes and todos trees' announcements are tested with their levels (tree-levels.test.ts).
describe('drag announcements of subtasks', () => {
  const subtasks = [
    { id: 'a', text: 'Outline' },
    { id: 'b', text: 'Draft' },
    { id: 'c', text: 'Review' },
  ];
  const model: DragModel = {
    title: (_kind, id) => subtasks.find((s) => s.id === id)?.text,
    children: () => subtasks.map((s) => s.id),
    parentOf: () => 'task',
  };
  const read = (value: Active | Over | null): AnnouncedData | null =>
    value ? { kind: 'subtask', id: String(value.id), parentId: 'task' } : null;
  const say = dragAnnouncements(() => model, read) as Required<Announcements>;
  const item = (id: string) => ({ id, data: { current: undefined } }) as unknown as Active & Over;

  it('names the subtask and its new position', () => {
    expect(say.onDragStart({ active: item('a') })).toBe('Picked up subtask "Outline".');
    expect(say.onDragOver({ active: item('a'), over: item('c') })).toBe(
      'Moved subtask "Outline" to position 3 of 3.',
    );
    expect(say.onDragCancel({ active: item('a'), over: null })).toBe(
      'Cancelled moving subtask "Outline". It stays where it was.',
    );
  });
});
