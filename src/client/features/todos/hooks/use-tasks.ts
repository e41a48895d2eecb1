import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Label, LabelTask } from '../../../../shared/schemas/label.ts';
import type {
  CategoryTasksResponse,
  CreateTaskBody,
  Task,
  TaskDetail,
  TaskListItem,
  UpdateTaskBody,
} from '../../../../shared/schemas/task.ts';
import type { TodosTree } from '../../../../shared/schemas/todo.ts';
import { refetchIfLost, type SnapshotCallbacks, useSnapshotWrite } from '../../../lib/use-snapshot-write.ts';
import { todoKeys, todosApi } from '../api.ts';
import { labelKeys } from '../labels-api.ts';
import { newTask } from '../new-rows.ts';
import { allPlanKeys } from '../plan-api.ts';
import { adjustCounts, findCategory } from '../todos-tree-ops.ts';
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
        onSuccess: (result) => {
          after();
          callbacks.onSuccess?.(result);
        },
      }),
  };
}

export type NewTaskBody = CreateTaskBody & { categoryId: string };

/** The fields of a new task that only the server can settle (see newTask): taken from its answer. */
const serverSettled = ({ dueDate, dueTime, repeat, labelIds }: Task) => ({
  dueDate,
  dueTime,
  repeat,
  labelIds,
});

/**
 * Creating a task: made here with its id (new-rows.ts), shown at once at the end of its category's list,
 * in the panel and in the tree's counts; sent with that id. `mutate` hands back the task it made, so
 * the caller can open it before the server answers.
 */
function useCreateTask() {
  const client = useQueryClient();
  const write = useSnapshotWrite<{ body: NewTaskBody; task: TaskListItem }, Task>({
    keys: ({ task }) => [todoKeys.tasks(task.categoryId), todoKeys.tree],
    send: ({ body }) => todosApi.createTask(body),
    apply: (c, { task }) => {
      setTaskList(c, task.categoryId, (tasks) => [...tasks, task]);
      const { subtasksCompleted: _done, subtasksTotal: _total, ...detail } = task;
      c.setQueryData<TaskDetail>(todoKeys.task(task.id), { ...detail, subtasks: [] });
      setTodosTree(c, (tree) => adjustCounts(tree, task.categoryId, { active: 1 }));
    },
    settle: (c, saved, { task }) => {
      const fields = serverSettled(saved);
      setTaskList(c, task.categoryId, (tasks) =>
        tasks.map((t) => (t.id === task.id ? { ...t, ...fields } : t)),
      );
      c.setQueryData<TaskDetail>(todoKeys.task(task.id), (d) => (d ? { ...d, ...fields } : d));
      refetchIfLost<CategoryTasksResponse>(c, todoKeys.tasks(task.categoryId), (data) =>
        data.tasks.some((t) => t.id === task.id),
      );
      // Quick add may give a due date: Today, Upcoming and their counts may hold the task now.
      for (const queryKey of allPlanKeys) void c.invalidateQueries({ queryKey, exact: true });
    },
  });
  const mutate = (body: NewTaskBody, callbacks: SnapshotCallbacks<Task> = {}): TaskListItem => {
    const count =
      client.getQueryData<CategoryTasksResponse>(todoKeys.tasks(body.categoryId))?.tasks.length ??
      countOf(client.getQueryData<TodosTree>(todoKeys.tree), body.categoryId);
    const task = newTask(body, { count, labels: client.getQueryData<Label[]>(labelKeys.all) });
    write.mutate(
      { body: { ...body, id: task.id }, task },
      {
        ...callbacks,
        onError: (error) => {
          // The panel's copy was made for this task only: nothing on the server to ask for.
          client.removeQueries({ queryKey: todoKeys.task(task.id), exact: true });
          callbacks.onError?.(error);
        },
      },
    );
    return task;
  };
  return { mutate, isPending: write.isPending };
}

/** A category's tasks as the tree counts them (its list not loaded). */
function countOf(tree: TodosTree | undefined, categoryId: string) {
  const category = tree ? findCategory(tree, categoryId)?.category : undefined;
  return category ? category.activeCount + category.doneCount : 0;
}

export function useTaskMutations() {
  const client = useQueryClient();
  const createTask = useCreateTask();

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
