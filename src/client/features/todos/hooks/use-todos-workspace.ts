import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { TaskDetail, TaskListItem, UpdateTaskBody } from '../../../../shared/schemas/task.ts';
import { firstRemaining } from '../../../components/tree/siblings.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { todoKeys } from '../api.ts';
import type { TaskFilter } from '../components/task-list.tsx';
import { findCategory } from '../todos-tree-ops.ts';
import { dueBefore, taskEditUndoMessage } from './task-edit-undo.ts';
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
  const { offerUndo, forgetUndo } = useToasts();
  /** A todo or category just created: its tree row opens with the name selected (issue 14.2). */
  const [namingId, setNamingId] = useState<string | null>(null);
  /** A task just created: the panel opens with its title selected. */
  const [createdTaskId, setCreatedTaskId] = useState<string | null>(null);
  /** That task until its text is first saved: the panel's focus ends `createdTaskId` before then. */
  const unnamedTaskId = useRef<string | null>(null);
  /**
   * The task list's Active/Done filter. Held here, not in the list, so that every way of creating a task
   * (the `+` button, `n`, the palette) shows the new task: it is active, so the filter goes to Active.
   */
  const [taskFilter, setTaskFilter] = useState<TaskFilter>('active');

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

  /** A task's open subtasks as the caches know them now (an Undo runs seconds after the click). */
  const openSubtasksOf = (task: TaskRef): number => {
    const detail = client.getQueryData<TaskDetail>(todoKeys.task(task.id));
    if (detail) return detail.subtasks.filter((s) => !s.completed).length;
    const item = client
      .getQueryData<{ tasks: TaskListItem[] }>(todoKeys.tasks(task.categoryId))
      ?.tasks.find((t) => t.id === task.id);
    return item ? item.subtasksTotal - item.subtasksCompleted : 0;
  };

  /**
   * Checks the rule before sending; the server enforces it too (409 `incomplete_subtasks`). Once the
   * server has the change, a toast offers Undo (not for the Undo itself).
   */
  const setCompleted = (task: CompletableTask, completed: boolean, undoable = true) => {
    if (completed && task.openSubtasks > 0) {
      openTask(task);
      block(task.id, task.openSubtasks);
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

  /**
   * Changes a task's text or details (due date, estimate, priority) and offers Undo, which sends the
   * fields' previous values back.
   */
  const editTask = (task: TaskDetail, patch: UpdateTaskBody) => {
    const before: UpdateTaskBody = {};
    if (patch.text !== undefined) before.text = task.text;
    if (patch.dueDate !== undefined) before.dueDate = task.dueDate;
    if (patch.priority !== undefined) before.priority = task.priority;
    if (patch.estimatedTime !== undefined) before.estimatedTime = task.estimatedTime;
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

  /** Renames a todo or category from its tree row, with Undo. */
  const renameInTree = (kind: 'todo' | 'category', id: string, title: string) => {
    const found = kind === 'category' && tree ? findCategory(tree, id) : null;
    const old = kind === 'todo' ? tree?.todos.find((t) => t.id === id)?.title : found?.category.title;
    const rename = kind === 'todo' ? treeMutations.renameTodo : treeMutations.renameCategory;
    const naming = id === namingId;
    rename.mutate(
      { id, title },
      {
        onSuccess: () => {
          // Naming a row just created is part of creating it: nothing to undo.
          if (old === undefined || old === title || naming) return;
          offerUndo({
            message: messages.undo.renamed(kind === 'todo' ? 'Todo' : 'Category'),
            targets: [`${kind}:${id}`],
            undo: () => rename.mutate({ id, title: old }),
          });
        },
      },
    );
  };

  /** Create and name in one go (issue 14.2): the new row opens with `New Todo` selected for typing. */
  const createTodo = () =>
    treeMutations.createTodo.mutate(undefined, {
      onSuccess: (todo) => {
        select({ todoId: todo.id, categoryId: null, taskId: null });
        setNamingId(todo.id);
      },
    });

  const createCategory = (todoId: string) =>
    treeMutations.createCategory.mutate(todoId, {
      onSuccess: (category) => {
        select({ todoId: category.todoId, categoryId: category.id, taskId: null });
        setNamingId(category.id);
      },
    });

  /**
   * `New Task` in the selected category, opened in the panel with its title selected for typing (the
   * `New task` button; the `n` shortcut may call it too). Does nothing without a selected category.
   */
  const createTask = (onCreated?: (task: { id: string; categoryId: string }) => void) => {
    const found = tree && selection.categoryId ? findCategory(tree, selection.categoryId) : null;
    if (!found) return;
    taskMutations.createTask.mutate(
      { todoId: found.todo.id, categoryId: found.category.id },
      {
        onSuccess: (task) => {
          setTaskFilter('active');
          setCreatedTaskId(task.id);
          unnamedTaskId.current = task.id;
          openTask(task);
          onCreated?.(task);
        },
      },
    );
  };

  const confirmDelete = () => {
    const request = pendingDelete;
    if (!request || !tree) return;
    forgetUndo(`${request.kind}:${request.id}`);
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
    editTask,
    renameInTree,
    createTodo,
    createCategory,
    createTask,
    namingId,
    doneNaming: () => setNamingId(null),
    createdTaskId,
    taskFilter,
    setTaskFilter,
    doneNamingTask: () => setCreatedTaskId(null),
  };
}

export type TodosWorkspace = ReturnType<typeof useTodosWorkspace>;
