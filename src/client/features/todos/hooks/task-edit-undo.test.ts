import { describe, expect, it } from 'vitest';
import { taskEditUndoMessage } from './task-edit-undo.ts';

describe('the Undo toast after editing a task', () => {
  it('is not offered for the first naming of a task just created', () => {
    expect(taskEditUndoMessage({ text: 'Buy milk' }, true)).toBeNull();
  });

  it('says "Task renamed" when an existing task gets new text', () => {
    expect(taskEditUndoMessage({ text: 'Buy milk' }, false)).toBe('Task renamed');
  });

  it('names the detail that changed', () => {
    expect(taskEditUndoMessage({ dueDate: '2030-01-01' }, false)).toBe('Due date changed');
    expect(taskEditUndoMessage({ priority: 'high' }, true)).toBe('Priority changed');
  });
});
