import { messages } from '../../../../shared/messages.ts';
import type { UpdateTaskBody } from '../../../../shared/schemas/task.ts';

/**
 * The Undo toast for a change to a task, or null when there is nothing to undo: the first text typed
 * into a task just created names it (part of creating it, as for a new todo or page), it does not
 * rename it.
 */
export function taskEditUndoMessage(patch: UpdateTaskBody, firstNaming: boolean): string | null {
  if (patch.text !== undefined) return firstNaming ? null : messages.undo.renamed('Task');
  if (patch.dueDate !== undefined) return messages.undo.dueDateChanged;
  if (patch.priority !== undefined) return messages.undo.priorityChanged;
  return messages.undo.estimateChanged;
}
