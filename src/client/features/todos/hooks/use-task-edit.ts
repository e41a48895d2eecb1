import { useQueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import type { TaskDetail, UpdateTaskBody } from '../../../../shared/schemas/task.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { todoKeys } from '../api.ts';
import { dueBefore, taskEditUndoMessage } from './task-edit-undo.ts';
import type { TaskMutations } from './use-tasks.ts';

/**
 * Changes a task's text or details (due date, estimate, priority) and offers Undo, which sends the
 * fields' previous values back. The first text of a task just created (`unnamedTaskId`) is part of
 * creating it.
 */
export function useTaskEdit(taskMutations: TaskMutations, unnamedTaskId: RefObject<string | null>) {
  const client = useQueryClient();
  const { offerUndo } = useToasts();
  return (task: TaskDetail, patch: UpdateTaskBody) => {
    const before: UpdateTaskBody = {};
    if (patch.text !== undefined) before.text = task.text;
    if (patch.dueDate !== undefined) before.dueDate = task.dueDate;
    if (patch.priority !== undefined) before.priority = task.priority;
    if (patch.estimatedTime !== undefined) before.estimatedTime = task.estimatedTime;
    if (patch.repeat !== undefined) before.repeat = task.repeat;
    Object.assign(before, dueBefore(task, patch));
    const firstNaming = patch.text !== undefined && unnamedTaskId.current === task.id;
    if (patch.text !== undefined) unnamedTaskId.current = null;
    const message = taskEditUndoMessage(patch, firstNaming);
    taskMutations.updateTask.mutate(
      { task, patch },
      {
        onSuccess: () => {
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
