import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TaskDetail } from '../../../../shared/schemas/task.ts';
import { firstRemaining } from '../../../components/tree/siblings.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { todoKeys } from '../api.ts';
import { findCategory } from '../todos-tree-ops.ts';
import { type TaskRef, useTaskMutations } from './use-tasks.ts';
import { useTodoSelection } from './use-todo-selection.ts';
import { useTodosTree, useTodosTreeMutations } from './use-todos-tree.ts';

export type TodoDeleteRequest =
  | { kind: 'todo'; id: string; title: string }
  | { kind: 'category'; id: string; title: string }
  | { kind: 'task'; id: string; title: string; task: TaskRef };

/** A refused completion: the panel warns and highlights the open subtasks for 3 s (spec §2, §9). */
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
}

/** The todos side of the workspace: tree, selection, writes, deletes and the completion rule. */
export function useTodosWorkspace(enabled: boolean) {
  const client = useQueryClient();
  const treeQuery = useTodosTree(enabled);
  const tree = treeQuery.data;
  const treeMutations = useTodosTreeMutations();
  const taskMutations = useTaskMutations();
  const { selection, select } = useTodoSelection(tree);
  const [pendingDelete, setPendingDelete] = useState<TodoDeleteRequest | null>(null);
  const [blocked, setBlocked] = useState<BlockedCompletion | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const block = useCallback((taskId: string, remaining: number) => {
    clearTimeout(timer.current);
    setBlocked({ taskId, remaining, at: Date.now() });
    timer.current = setTimeout(() => setBlocked(null), BLOCKED_HIGHLIGHT_MS);
  }, []);

  const openTask = useCallback(
    (task: { id: string; categoryId: string }) => {
      const found = tree ? findCategory(tree, task.categoryId) : null;
      select({ todoId: found?.todo.id ?? null, categoryId: task.categoryId, taskId: task.id });
    },
    [tree, select],
  );

  /** Checks the rule before sending; the server enforces it too (409 `incomplete_subtasks`). */
  const setCompleted = (task: CompletableTask, completed: boolean) => {
    if (completed && task.openSubtasks > 0) {
      openTask(task);
      block(task.id, task.openSubtasks);
      return;
    }
    taskMutations.updateTask.mutate(
      { task, patch: { completed } },
      {
        onError: (error) => {
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
        },
      },
    );
  };

  const confirmDelete = () => {
    const request = pendingDelete;
    if (!request || !tree) return;
    if (request.kind === 'todo') {
      if (selection.todoId === request.id) {
        select({ todoId: firstRemaining(tree.todos, request.id), categoryId: null, taskId: null });
      }
      treeMutations.deleteTodo.mutate(request.id);
    } else if (request.kind === 'category') {
      const found = findCategory(tree, request.id);
      if (found && selection.categoryId === request.id) {
        const next = firstRemaining(found.todo.categories, request.id);
        select({ todoId: found.todo.id, categoryId: next, taskId: null });
      }
      treeMutations.deleteCategory.mutate(request.id);
    } else {
      if (selection.taskId === request.id) {
        const list = client.getQueryData<{ tasks: { id: string; completed: boolean }[] }>(
          todoKeys.tasks(request.task.categoryId),
        );
        // The first remaining sibling in the same filter (Active or Done) the user is looking at.
        const shown = list?.tasks.filter((t) => t.completed === request.task.completed) ?? [];
        select({ ...selection, taskId: firstRemaining(shown, request.id) });
      }
      taskMutations.deleteTask.mutate(request.task, {
        onSuccess: () => client.removeQueries({ queryKey: todoKeys.task(request.id) }),
      });
    }
  };

  return {
    treeQuery,
    tree,
    treeMutations,
    taskMutations,
    selection,
    select,
    openTask,
    pendingDelete,
    setPendingDelete,
    confirmDelete,
    blocked,
    setCompleted,
  };
}

export type TodosWorkspace = ReturnType<typeof useTodosWorkspace>;
