import { describe, expect, it } from 'vitest';
import type { TaskDetail } from '../../../../shared/schemas/task.ts';
import { dueBefore, taskEditUndoMessage } from './task-edit-undo.ts';

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

  it('says "Labels changed" for the picker, not another detail', () => {
    expect(taskEditUndoMessage({ labelIds: [] }, false)).toBe('Labels changed');
  });

  it('offers Undo for a due time, none for the description saved as it is typed', () => {
    expect(taskEditUndoMessage({ dueTime: '17:00' }, false)).toBe('Due time changed');
    expect(taskEditUndoMessage({ description: '# Notes' }, false)).toBeNull();
  });

  it('puts back the date and the time together, since clearing the date cleared the time', () => {
    const task = { dueDate: '2030-01-01', dueTime: '17:00' } as TaskDetail;
    expect(dueBefore(task, { dueDate: null })).toEqual({ dueDate: '2030-01-01', dueTime: '17:00' });
    expect(dueBefore(task, { dueTime: '09:00' })).toEqual({ dueDate: '2030-01-01', dueTime: '17:00' });
    expect(dueBefore(task, { priority: 'low' })).toEqual({});
  });
});
