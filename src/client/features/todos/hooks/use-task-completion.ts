import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { Task, TaskDetail, TaskListItem } from '../../../../shared/schemas/task.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { todoKeys } from '../api.ts';
import { useRecurrence } from './use-recurrence.ts';
import type { TaskMutations, TaskRef } from './use-tasks.ts';

/** A refused completion: the panel warns and highlights the open subtasks for 3 s. */
export interface BlockedCompletion {
  taskId: string;
  remaining: number;
  /** Changes on every refusal so a second click restarts the 3 s. */
  at: number;
}

export const BLOCKED_HIGHLIGHT_MS = 3000;

/** A task as the completion rule needs it: what it is, and how many of its subtasks are still open. */
export interface CompletableTask extends TaskRef {
  openSubtasks: number;
  /** A repeating task's completion moves it to its next occurrence instead. */
  repeat?: Task['repeat'];
  dueDate?: string | null;
}

/** The refusal on show (`blocked`), cleared after 3 s or by the next one. */
function useBlocked() {
  const [blocked, setBlocked] = useState<BlockedCompletion | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const block = useCallback((taskId: string, remaining: number) => {
    clearTimeout(timer.current);
    setBlocked({ taskId, remaining, at: Date.now() });
    timer.current = setTimeout(() => setBlocked(null), BLOCKED_HIGHLIGHT_MS);
  }, []);
  return { blocked, block };
}

/**
 * The completion rule: a task with open subtasks cannot be completed. Checked before sending; the server
 * enforces it too (409 `incomplete_subtasks`). Either refusal opens the task and highlights its open
 * subtasks. Once the server has a change, a toast offers Undo (not for the Undo itself).
 */
export function useTaskCompletion(
  taskMutations: TaskMutations,
  openTask: (task: { id: string; categoryId: string }) => void,
) {
  const client = useQueryClient();
  const { offerUndo } = useToasts();
  const { blocked, block } = useBlocked();
  const recurrence = useRecurrence();

  /** A task's open subtasks as the caches know them now (an Undo runs seconds after the click). */
  const openSubtasksOf = (task: TaskRef): number => {
    const detail = client.getQueryData<TaskDetail>(todoKeys.task(task.id));
    if (detail) return detail.subtasks.filter((s) => !s.completed).length;
    const item = client
      .getQueryData<{ tasks: TaskListItem[] }>(todoKeys.tasks(task.categoryId))
      ?.tasks.find((t) => t.id === task.id);
    return item ? item.subtasksTotal - item.subtasksCompleted : 0;
  };

  const refused = (task: CompletableTask, error: Error) => {
    if (!(error instanceof ApiError) || error.code !== 'incomplete_subtasks') return;
    void client.invalidateQueries({ queryKey: todoKeys.task(task.id) });
    const detail = client.getQueryData<TaskDetail>(todoKeys.task(task.id));
    openTask(task);
    block(
      task.id,
      detail?.subtasks.filter((s) => !s.completed).length ||
        Number.parseInt(error.message.replace(/\D+/g, ''), 10) ||
        1,
    );
  };

  const setCompleted = (task: CompletableTask, completed: boolean, undoable = true) => {
    if (completed && task.openSubtasks > 0) {
      openTask(task);
      block(task.id, task.openSubtasks);
      return;
    }
    if (completed && task.repeat && task.dueDate) {
      recurrence.complete({ id: task.id, categoryId: task.categoryId, dueDate: task.dueDate });
      return;
    }
    taskMutations.updateTask.mutate(
      { task, patch: { completed } },
      {
        onSuccess: () => {
          if (!undoable) return;
          offerUndo({
            message: completed ? messages.undo.taskCompleted : messages.undo.taskReopened,
            targets: [`task:${task.id}`],
            undo: () => {
              const now = { id: task.id, categoryId: task.categoryId, completed };
              setCompleted({ ...now, openSubtasks: openSubtasksOf(now) }, !completed, false);
            },
          });
        },
        onError: (error) => refused(task, error),
      },
    );
  };

  return { blocked, setCompleted };
}
