import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { TaskCalendarEvent, TaskCalendarEvents } from '../../../../shared/schemas/calendar-sync.ts';
import { calendarSyncApi, calendarSyncKeys } from '../api.ts';

const pollMs = 1000;
// After an edit, the server updates the event in the background (a job): watch this long for the
// mapping to go pending → synced (or failed), even if the first read still shows the old state.
const watchAfterEditMs = 8000;

/**
 * The task's events on connected calendars (GET /api/tasks/:id/calendar-events), read only while the
 * task panel shows this task. `revision` changes whenever the task does (its updatedAt and subtasks),
 * which re-reads the events and watches them for a while; a pending event is watched until it settles.
 */
export function useTaskCalendarEvents(taskId: string, revision: string) {
  const client = useQueryClient();
  const [watchUntil, setWatchUntil] = useState(0);
  const first = useRef(revision);

  useEffect(() => {
    if (revision === first.current) return;
    first.current = revision;
    setWatchUntil(Date.now() + watchAfterEditMs);
    void client.invalidateQueries({ queryKey: calendarSyncKeys.taskEvents(taskId) });
  }, [client, revision, taskId]);

  return useQuery({
    queryKey: calendarSyncKeys.taskEvents(taskId),
    queryFn: ({ signal }) => calendarSyncApi.taskEvents(taskId, signal),
    staleTime: 0,
    refetchInterval: (query) => {
      const pending = query.state.data?.events.some((event) => event.syncStatus === 'pending');
      return pending || Date.now() < watchUntil ? pollMs : false;
    },
  });
}

/** Sends the task to one calendar; the first sync runs in the request, so the answer has the link. */
export function useSyncTask(taskId: string) {
  const client = useQueryClient();
  const key = calendarSyncKeys.taskEvents(taskId);
  return useMutation({
    mutationFn: (integrationId: string) => calendarSyncApi.syncTask(taskId, integrationId),
    onSuccess: (saved: TaskCalendarEvent) =>
      client.setQueryData<TaskCalendarEvents>(key, (data) => ({
        events: [...(data?.events ?? []).filter((e) => e.integrationId !== saved.integrationId), saved],
      })),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
