import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../../shared/messages.ts';
import type { Task, TaskDetail } from '../../../../shared/schemas/task.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { todoKeys, todosApi } from '../api.ts';
import { setTaskList } from './use-tasks.ts';

/** A repeating task as the list or the panel holds it: enough to complete or skip its occurrence. */
export interface RepeatingTask {
  id: string;
  categoryId: string;
  dueDate: string | null;
}

/** The task's completed and skipped occurrences, newest first (the panel's History). */
export function useOccurrences(taskId: string, enabled: boolean) {
  return useQuery({
    queryKey: todoKeys.occurrences(taskId),
    queryFn: ({ signal }) => todosApi.occurrences(taskId, signal),
    enabled,
  });
}

/** The server's answer goes straight into the caches; subtasks (reopened) and counts are refetched. */
function settle(client: QueryClient, task: Task) {
  setTaskList(client, task.categoryId, (tasks) =>
    tasks.map((t) => (t.id === task.id ? { ...t, ...task } : t)),
  );
  client.setQueryData<TaskDetail>(todoKeys.task(task.id), (d) => (d ? { ...d, ...task } : d));
  for (const queryKey of [todoKeys.task(task.id), todoKeys.tasks(task.categoryId), todoKeys.tree]) {
    void client.invalidateQueries({ queryKey, exact: true });
  }
  void client.invalidateQueries({ queryKey: todoKeys.occurrences(task.id) });
}

/**
 * Completing or skipping a repeating task's current occurrence. Not optimistic: where it goes next is
 * the server's to say (the rule, the account's zone). The request names the occurrence, so a double
 * click records it once. Undo deletes that history entry, which brings the date back.
 */
export function useRecurrence() {
  const client = useQueryClient();
  const { offerUndo, showError } = useToasts();
  const undo = async (task: RepeatingTask, occurrence: string) => {
    const { occurrences } = await todosApi.occurrences(task.id);
    const entry = occurrences.find((o) => o.date === occurrence);
    if (entry) settle(client, await todosApi.undoOccurrence(task.id, entry.id));
  };
  const pass = useMutation({
    mutationFn: ({ task, action }: { task: RepeatingTask; action: 'complete' | 'skip' }) =>
      action === 'skip'
        ? todosApi.skipOccurrence(task.id, task.dueDate ?? undefined)
        : todosApi.updateTask(task.id, {
            completed: true,
            ...(task.dueDate ? { occurrence: task.dueDate } : {}),
          }),
    onSuccess: (after, { task, action }) => {
      settle(client, after);
      const from = task.dueDate;
      if (!from || after.dueDate === from) return;
      const next = after.completed ? messages.undo.taskCompleted : null;
      const word = action === 'skip' ? messages.undo.skippedTo : messages.undo.movedTo;
      offerUndo({
        message: next ?? word(after.dueDate ?? ''),
        targets: [`task:${task.id}`],
        undo: () => void undo(task, from).catch((error: Error) => showError(error.message)),
      });
    },
    onError: (error) => showError(error.message),
  });
  return {
    complete: (task: RepeatingTask) => pass.mutate({ task, action: 'complete' }),
    skip: (task: RepeatingTask) => pass.mutate({ task, action: 'skip' }),
    isPending: pass.isPending,
  };
}
