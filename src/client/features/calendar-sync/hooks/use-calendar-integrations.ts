import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CaldavCredentials,
  CalendarIntegration,
  CalendarIntegrations,
  ConnectCaldavBody,
  OAuthProvider,
} from '../../../../shared/schemas/calendar-sync.ts';
import { calendarSyncApi, calendarSyncKeys } from '../api.ts';

/** The user's connected calendars and which providers this server offers. */
export function useCalendarIntegrations(enabled = true) {
  return useQuery({
    queryKey: calendarSyncKeys.integrations,
    queryFn: ({ signal }) => calendarSyncApi.integrations(signal),
    enabled,
  });
}

const editList = (
  client: QueryClient,
  change: (integrations: CalendarIntegration[]) => CalendarIntegration[],
) =>
  client.setQueryData<CalendarIntegrations>(calendarSyncKeys.integrations, (data) =>
    data ? { ...data, integrations: change(data.integrations) } : data,
  );

/** A task's menu lists active calendars only, so every change of the list refreshes the task events too. */
const refreshAll = (client: QueryClient) => client.invalidateQueries({ queryKey: ['calendar-sync'] });

/** The writes of Settings → Calendars. */
export function useCalendarIntegrationMutations() {
  const client = useQueryClient();

  // The consent page is another site: the browser leaves, and comes back to `/?code=…&state=…`.
  const startOAuth = useMutation({
    mutationFn: (provider: OAuthProvider) => calendarSyncApi.startOAuth(provider),
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
  });

  // Optimistic: the switch moves at once and moves back if the server refuses.
  const setActive = useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      calendarSyncApi.setActive(id, isActive),
    onMutate: async ({ id, isActive }) => {
      await client.cancelQueries({ queryKey: calendarSyncKeys.integrations });
      const before = client.getQueryData<CalendarIntegrations>(calendarSyncKeys.integrations);
      editList(client, (list) => list.map((item) => (item.id === id ? { ...item, isActive } : item)));
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) client.setQueryData(calendarSyncKeys.integrations, context.before);
    },
    onSuccess: (saved) =>
      editList(client, (list) => list.map((item) => (item.id === saved.id ? saved : item))),
    onSettled: () => refreshAll(client),
  });

  const disconnect = useMutation({
    mutationFn: (id: string) => calendarSyncApi.disconnect(id),
    onSuccess: (_answer, id) => editList(client, (list) => list.filter((item) => item.id !== id)),
    onSettled: () => refreshAll(client),
  });

  const discoverCaldav = useMutation({
    mutationFn: (body: CaldavCredentials) => calendarSyncApi.discoverCaldav(body),
  });

  const connectCaldav = useMutation({
    mutationFn: (body: ConnectCaldavBody) => calendarSyncApi.connectCaldav(body),
    onSuccess: (saved) => editList(client, (list) => [...list.filter((item) => item.id !== saved.id), saved]),
    onSettled: () => refreshAll(client),
  });

  return { startOAuth, setActive, disconnect, discoverCaldav, connectCaldav };
}
