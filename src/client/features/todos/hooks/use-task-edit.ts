import { useQueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import type { TaskDetail, UpdateTaskBody } from '../../../../shared/schemas/task.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { todoKeys } from '../api.ts';
import { labelKeys } from '../labels-api.ts';
import { dueBefore, taskEditUndoMessage } from './task-edit-undo.ts';
import { useTaskEntry } from './use-task-entry.ts';
import type { TaskMutations } from './use-tasks.ts';

/** What the caller hears of one edit: the description keeps its draft until the server has the text. */
export interface EditOutcome {
  onSuccess?(): void;
  onError?(): void;
}

/**
 * Changes a task's text or details (due date, estimate, priority, labels) and offers Undo, which sends the
 * fields' previous values back. The first text of a task just created (`unnamedTaskId`) is part of
 * creating it, and is read as quick add reads its box (`Call mum tomorrow 5pm !high #family`), so a
 * task made with `+` or `n` understands the same words.
 */
export function useTaskEdit(taskMutations: TaskMutations, unnamedTaskId: RefObject<string | null>) {
  const client = useQueryClient();
  const { offerUndo } = useToasts();
  const entry = useTaskEntry();

  const nameNewTask = async (task: TaskDetail, text: string) => {
    // Offline before the parser downloaded, or a label refused: the name is kept as typed.
    const fields = await entry.read(text).catch(() => null);
    const patch = fields?.text ? { ...fields, text: fields.text } : { text };
    taskMutations.updateTask.mutate(
      { task, patch },
      {
        onSuccess: () => {
          if (patch.labelNames) void client.invalidateQueries({ queryKey: labelKeys.all });
        },
      },
    );
  };

  return (task: TaskDetail, patch: UpdateTaskBody, outcome: EditOutcome = {}) => {
    if (patch.text !== undefined && Object.keys(patch).length === 1 && unnamedTaskId.current === task.id) {
      unnamedTaskId.current = null;
      void nameNewTask(task, patch.text);
      return;
    }
    const before: UpdateTaskBody = {};
    if (patch.text !== undefined) before.text = task.text;
    if (patch.dueDate !== undefined) before.dueDate = task.dueDate;
    if (patch.priority !== undefined) before.priority = task.priority;
    if (patch.estimatedTime !== undefined) before.estimatedTime = task.estimatedTime;
    if (patch.repeat !== undefined) before.repeat = task.repeat;
    // The picker sends the whole set: Undo puts the previous set back (a removed label returns).
    if (patch.labelIds !== undefined) before.labelIds = task.labelIds;
    Object.assign(before, dueBefore(task, patch));
    const firstNaming = patch.text !== undefined && unnamedTaskId.current === task.id;
    if (patch.text !== undefined) unnamedTaskId.current = null;
    const message = taskEditUndoMessage(patch, firstNaming);
    taskMutations.updateTask.mutate(
      { task, patch },
      {
        onError: () => outcome.onError?.(),
        onSuccess: () => {
          outcome.onSuccess?.();
          if (message === null) return;
          offerUndo({
            message,
            targets: [`task:${task.id}`],
            undo: () => {
              const now = client.getQueryData<TaskDetail>(todoKeys.task(task.id)) ?? task;
              taskMutations.updateTask.mutate({ task: now, patch: before });
            },
          });
        },
      },
    );
  };
}
