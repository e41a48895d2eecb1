import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../../shared/messages.ts';
import type { Subtask, TaskDetail } from '../../../../shared/schemas/task.ts';
import { restoreAt } from '../../../components/tree/drop-planner.ts';
import { arrayMove } from '../../../components/tree/tree-dnd.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { refetchIfLost, type SnapshotCallbacks, useSnapshotWrite } from '../../../lib/use-snapshot-write.ts';
import { todoKeys, todosApi } from '../api.ts';
import { newSubtask } from '../new-rows.ts';
import { planKeys } from '../plan-api.ts';
import { setTaskList, withAfterSuccess } from './use-tasks.ts';

/** The open task with its subtasks (GET /api/tasks/:id), loaded when the task is selected. */
export function useTaskDetail(taskId: string | null) {
  return useQuery({
    queryKey: todoKeys.task(taskId ?? ''),
    queryFn: ({ signal }) => todosApi.task(taskId ?? '', signal),
    enabled: taskId !== null,
  });
}

const reindex = <T extends { position: number }>(items: T[]): T[] =>
  items.map((item, position) => (item.position === position ? item : { ...item, position }));

/** Changes the panel's subtasks and keeps the list item's counts (its progress) in step. */
function setSubtasks(client: QueryClient, task: TaskDetail, change: (subtasks: Subtask[]) => Subtask[]) {
  const next = client.setQueryData<TaskDetail>(todoKeys.task(task.id), (d) =>
    d ? { ...d, subtasks: change(d.subtasks) } : d,
  );
  if (!next) return;
  setTaskList(client, next.categoryId, (tasks) =>
    tasks.map((t) =>
      t.id === next.id
        ? {
            ...t,
            subtasksTotal: next.subtasks.length,
            subtasksCompleted: next.subtasks.filter((s) => s.completed).length,
          }
        : t,
    ),
  );
}

const keysOf = (task: TaskDetail) => [todoKeys.task(task.id), todoKeys.tasks(task.categoryId)];

export function useSubtaskMutations(task: TaskDetail) {
  const client = useQueryClient();
  const { offerUndo } = useToasts();
  // Today's and Upcoming's rows show the subtasks' progress too; the counts beside them do not change.
  const refreshPlan = () => {
    for (const queryKey of [planKeys.today, planKeys.upcoming]) {
      void client.invalidateQueries({ queryKey, exact: true });
    }
  };

  // Made here with its id (new-rows.ts): shown at once, at the end, and counted in the list's progress.
  const createSubtaskWrite = useSnapshotWrite<Subtask, Subtask>({
    keys: () => keysOf(task),
    send: ({ id, text }) => todosApi.createSubtask(task.id, { id, text }),
    apply: (c, subtask) => setSubtasks(c, task, (subtasks) => [...subtasks, subtask]),
    settle: (c, _saved, { id }) =>
      refetchIfLost<TaskDetail>(c, todoKeys.task(task.id), (d) => d.subtasks.some((s) => s.id === id)),
  });
  const createSubtaskAfter = withAfterSuccess(createSubtaskWrite, refreshPlan);
  const createSubtask = {
    isPending: createSubtaskAfter.isPending,
    /** `text` as a new subtask at the end; the subtask it made. */
    mutate: (text: string, callbacks: SnapshotCallbacks<Subtask> = {}) => {
      const subtask = newSubtask(task.id, text, task.subtasks.length);
      createSubtaskAfter.mutate(subtask, callbacks);
      return subtask;
    },
  };

  const updateSubtaskWrite = useSnapshotWrite<{ id: string; text?: string; completed?: boolean }>({
    keys: () => keysOf(task),
    send: ({ id, ...body }) => todosApi.updateSubtask(id, body),
    apply: (c, { id, ...body }) =>
      setSubtasks(c, task, (subtasks) => subtasks.map((s) => (s.id === id ? { ...s, ...body } : s))),
  });

  const deleteSubtaskWrite = useSnapshotWrite<string>({
    keys: () => keysOf(task),
    send: (id) => todosApi.deleteSubtask(id),
    apply: (c, id) => setSubtasks(c, task, (subtasks) => reindex(subtasks.filter((s) => s.id !== id))),
  });

  const updateSubtask = withAfterSuccess(updateSubtaskWrite, refreshPlan);
  const deleteSubtask = withAfterSuccess(deleteSubtaskWrite, refreshPlan);

  const orderSubtasks = useSnapshotWrite<string[]>({
    keys: () => keysOf(task),
    send: (ids) => todosApi.orderSubtasks(task.id, ids),
    apply: (c, ids) =>
      setSubtasks(c, task, (subtasks) => {
        const byId = new Map(subtasks.map((s) => [s.id, s]));
        return reindex(ids.flatMap((id) => byId.get(id) ?? []));
      }),
  });

  /** A drag of subtask `id` onto `overId`'s place; once saved, Undo puts it back at its old index. */
  const moveSubtask = (id: string, overId: string) => {
    const ids = task.subtasks.map((s) => s.id);
    const was = ids.indexOf(id);
    const text = task.subtasks[was]?.text ?? '';
    orderSubtasks.mutate(arrayMove(ids, was, ids.indexOf(overId)), {
      onSuccess: () =>
        offerUndo({
          message: messages.undo.moved('subtask', text),
          targets: [`subtask:${id}`],
          undo: () => {
            const now = client.getQueryData<TaskDetail>(todoKeys.task(task.id));
            if (now)
              orderSubtasks.mutate(
                restoreAt(
                  now.subtasks.map((s) => s.id),
                  id,
                  was,
                ),
              );
          },
        }),
    });
  };

  return { createSubtask, updateSubtask, deleteSubtask, orderSubtasks, moveSubtask };
}
