import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, UpdateCalendarFeedBody } from '../../../../shared/schemas/calendar-feed.ts';
import { calendarFeedKey, fetchCalendarFeed, regenerateCalendarFeed, updateCalendarFeed } from '../api.ts';

/** The feed settings, and the two writes; each answer is the new state, put straight into the cache. */
export function useCalendarFeed() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: calendarFeedKey, queryFn: fetchCalendarFeed });
  const store = (feed: CalendarFeed) => queryClient.setQueryData(calendarFeedKey, feed);
  const update = useMutation({
    mutationFn: (body: UpdateCalendarFeedBody) => updateCalendarFeed(body),
    onSuccess: store,
  });
  const regenerate = useMutation({ mutationFn: regenerateCalendarFeed, onSuccess: store });
  return { query, update, regenerate };
}
