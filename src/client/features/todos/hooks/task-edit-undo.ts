import { messages } from '../../../../shared/messages.ts';
import type { TaskDetail, UpdateTaskBody } from '../../../../shared/schemas/task.ts';

/**
 * The Undo toast for a change to a task, or null when there is nothing to undo: the first text typed
 * into a task just created names it (part of creating it, as for a new todo or page), it does not
 * rename it.
 */
export function taskEditUndoMessage(patch: UpdateTaskBody, firstNaming: boolean): string | null {
  if (patch.text !== undefined) return firstNaming ? null : messages.undo.renamed('Task');
  if (patch.dueDate !== undefined) return messages.undo.dueDateChanged;
  if (patch.dueTime !== undefined) return messages.undo.dueTimeChanged;
  // The description saves as it is typed, like a page: each pause is no change to undo.
  if (patch.description !== undefined) return null;
  if (patch.priority !== undefined) return messages.undo.priorityChanged;
  if (patch.repeat !== undefined) return messages.undo.repeatChanged;
  if (patch.labelIds !== undefined) return messages.undo.labelsChanged;
  return messages.undo.estimateChanged;
}

/**
 * What Undo sends back for a change of due date or time: both, since clearing the date also cleared
 * the time (and a time alone would be refused on a task left without a date).
 */
export function dueBefore(task: TaskDetail, patch: UpdateTaskBody): UpdateTaskBody {
  if (patch.dueDate === undefined && patch.dueTime === undefined) return {};
  // Clearing the date also cleared the repeat.
  const repeat = patch.dueDate === null && task.repeat ? { repeat: task.repeat } : {};
  return { dueDate: task.dueDate, dueTime: task.dueTime, ...repeat };
}
