import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../../shared/messages.ts';
import type { Subtask, TaskDetail } from '../../../../shared/schemas/task.ts';
import { restoreAt } from '../../../components/tree/drop-planner.ts';
import { arrayMove } from '../../../components/tree/tree-dnd.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { useSnapshotWrite } from '../../../lib/use-snapshot-write.ts';
import { todoKeys, todosApi } from '../api.ts';
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
  const { showError, offerUndo } = useToasts();
  // Today's and Upcoming's rows show the subtasks' progress too; the counts beside them do not change.
  const refreshPlan = () => {
    for (const queryKey of [planKeys.today, planKeys.upcoming]) {
      void client.invalidateQueries({ queryKey, exact: true });
    }
  };

  const createSubtask = useMutation({
    mutationFn: (text: string) => todosApi.createSubtask(task.id, text),
    onSuccess: (subtask) => {
      setSubtasks(client, task, (subtasks) => [...subtasks, subtask]);
      refreshPlan();
    },
    onError: (error) => showError(error.message),
  });

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
