import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LabelTask } from '../../../../shared/schemas/label.ts';
import type {
  CategoryTasksResponse,
  CreateTaskBody,
  TaskDetail,
  TaskListItem,
  UpdateTaskBody,
} from '../../../../shared/schemas/task.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { useSnapshotWrite } from '../../../lib/use-snapshot-write.ts';
import { todoKeys, todosApi } from '../api.ts';
import { labelKeys } from '../labels-api.ts';
import { allPlanKeys } from '../plan-api.ts';
import { adjustCounts } from '../todos-tree-ops.ts';
import { setTodosTree } from './use-todos-tree.ts';

/** A category's tasks (with subtask counts) from the server. */
export const categoryTasksQuery = (categoryId: string) =>
  queryOptions({
    queryKey: todoKeys.tasks(categoryId),
    queryFn: ({ signal }) => todosApi.tasks(categoryId, signal),
  });

/** A category's tasks, loaded when the category is selected. */
export function useCategoryTasks(categoryId: string | null) {
  return useQuery({ ...categoryTasksQuery(categoryId ?? ''), enabled: categoryId !== null });
}

const reindex = <T extends { position: number }>(items: T[]): T[] =>
  items.map((item, position) => (item.position === position ? item : { ...item, position }));

export const setTaskList = (
  client: QueryClient,
  categoryId: string,
  change: (tasks: TaskListItem[]) => TaskListItem[],
) =>
  client.setQueryData<CategoryTasksResponse>(todoKeys.tasks(categoryId), (data) =>
    data ? { tasks: change(data.tasks) } : data,
  );

const countsOf = (completed: boolean) => (completed ? { done: 1 } : { active: 1 });
const negate = (c: { active?: number; done?: number }) => ({
  active: -(c.active ?? 0),
  done: -(c.done ?? 0),
});

export interface TaskRef {
  id: string;
  categoryId: string;
  completed: boolean;
  /** Its labels, when known: the label views listing it change with it. */
  labelIds?: readonly string[];
}

/** The label views that list the task. */
const labelListsOf = (task: TaskRef) => (task.labelIds ?? []).map((labelId) => labelKeys.tasks(labelId));

type SnapshotWrite<V> = ReturnType<typeof useSnapshotWrite<V>>;

/** The write, calling `after` once the server has accepted each change (before the caller's own). */
export function withAfterSuccess<V>(write: SnapshotWrite<V>, after: () => void): SnapshotWrite<V> {
  return {
    ...write,
    mutate: (vars, callbacks = {}) =>
      write.mutate(vars, {
        ...callbacks,
        onSuccess: () => {
          after();
          callbacks.onSuccess?.();
        },
      }),
  };
}

export function useTaskMutations() {
  const client = useQueryClient();
  const { showError } = useToasts();

  const createTask = useMutation({
    mutationFn: (body: CreateTaskBody & { categoryId: string }) => todosApi.createTask(body),
    onSuccess: (task) => {
      setTaskList(client, task.categoryId, (tasks) => [
        ...tasks,
        { ...task, subtasksCompleted: 0, subtasksTotal: 0 },
      ]);
      client.setQueryData<TaskDetail>(todoKeys.task(task.id), { ...task, subtasks: [] });
      setTodosTree(client, (tree) => adjustCounts(tree, task.categoryId, { active: 1 }));
      // Quick add may give a due date: Today, Upcoming and their counts may hold the task now.
      for (const queryKey of allPlanKeys) void client.invalidateQueries({ queryKey, exact: true });
    },
    onError: (error) => showError(error.message),
  });

  const updateTaskWrite = useSnapshotWrite<{ task: TaskRef; patch: UpdateTaskBody }>({
    keys: ({ task }) => [
      todoKeys.tasks(task.categoryId),
      todoKeys.task(task.id),
      todoKeys.tree,
      ...allPlanKeys,
      ...labelListsOf(task),
    ],
    send: ({ task, patch }) => todosApi.updateTask(task.id, patch),
    apply: (c, { task, patch }) => {
      setTaskList(c, task.categoryId, (tasks) =>
        tasks.map((t) => (t.id === task.id ? { ...t, ...patch } : t)),
      );
      for (const queryKey of labelListsOf(task)) {
        c.setQueryData<LabelTask[]>(queryKey, (tasks) =>
          tasks?.map((t) => (t.id === task.id ? { ...t, ...patch } : t)),
        );
      }
      c.setQueryData<TaskDetail>(todoKeys.task(task.id), (d) => (d ? { ...d, ...patch } : d));
      if (patch.completed !== undefined && patch.completed !== task.completed) {
        setTodosTree(c, (tree) =>
          adjustCounts(tree, task.categoryId, {
            ...negate(countsOf(task.completed)),
            ...countsOf(patch.completed ?? false),
          }),
        );
      }
    },
    quietCodes: ['incomplete_subtasks'],
  });

  const deleteTaskWrite = useSnapshotWrite<TaskRef>({
    keys: (task) => [todoKeys.tasks(task.categoryId), todoKeys.tree, ...allPlanKeys, ...labelListsOf(task)],
    send: (task) => todosApi.deleteTask(task.id),
    apply: (c, task) => {
      setTaskList(c, task.categoryId, (tasks) => reindex(tasks.filter((t) => t.id !== task.id)));
      for (const queryKey of labelListsOf(task)) {
        c.setQueryData<LabelTask[]>(queryKey, (tasks) => tasks?.filter((t) => t.id !== task.id));
      }
      setTodosTree(c, (tree) => adjustCounts(tree, task.categoryId, negate(countsOf(task.completed))));
    },
  });

  /** `ids` becomes the category's tasks in order; a task from another category (`from`) moves here. */
  const orderTasks = useSnapshotWrite<{ categoryId: string; ids: string[]; from?: string }>({
    keys: (v) => [todoKeys.tasks(v.categoryId), ...(v.from ? [todoKeys.tasks(v.from), todoKeys.tree] : [])],
    send: (v) => todosApi.orderTasks(v.categoryId, v.ids),
    apply: (c, v) => {
      const known = new Map<string, TaskListItem>();
      for (const id of [v.categoryId, v.from ?? '']) {
        const data = c.getQueryData<CategoryTasksResponse>(todoKeys.tasks(id));
        for (const task of data?.tasks ?? []) known.set(task.id, task);
      }
      const target = c.getQueryData<CategoryTasksResponse>(todoKeys.tasks(v.categoryId));
      const todoId = target?.tasks[0]?.todoId;
      const moved = v.ids.flatMap((id) => {
        const task = known.get(id);
        return task ? [{ ...task, categoryId: v.categoryId, todoId: todoId ?? task.todoId }] : [];
      });
      setTaskList(c, v.categoryId, () => reindex(moved));
      if (v.from) {
        const from = v.from;
        const moving = new Set(v.ids);
        const leaving = (c.getQueryData<CategoryTasksResponse>(todoKeys.tasks(from))?.tasks ?? []).filter(
          (t) => moving.has(t.id),
        );
        setTaskList(c, from, (tasks) => reindex(tasks.filter((t) => !moving.has(t.id))));
        for (const task of leaving) {
          setTodosTree(c, (tree) =>
            adjustCounts(
              adjustCounts(tree, from, negate(countsOf(task.completed))),
              v.categoryId,
              countsOf(task.completed),
            ),
          );
          c.setQueryData<TaskDetail>(todoKeys.task(task.id), (d) =>
            d ? { ...d, categoryId: v.categoryId } : d,
          );
        }
      }
    },
  });

  // Today, Upcoming and their counts are the server's reading of due dates in the account's zone: after
  // a task's change they are read again rather than guessed here.
  // So are the label views (a repeating task done moves to its next day).
  const refreshPlan = () => {
    for (const queryKey of allPlanKeys) void client.invalidateQueries({ queryKey, exact: true });
    void client.invalidateQueries({ queryKey: labelKeys.allTasks });
  };
  const updateTask = withAfterSuccess(updateTaskWrite, refreshPlan);
  const deleteTask = withAfterSuccess(deleteTaskWrite, refreshPlan);

  return { createTask, updateTask, deleteTask, orderTasks };
}

export type TaskMutations = ReturnType<typeof useTaskMutations>;
