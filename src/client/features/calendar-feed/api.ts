import {
  type CalendarFeed,
  calendarFeedSchema,
  type UpdateCalendarFeedBody,
} from '../../../shared/schemas/calendar-feed.ts';
import { apiRequest } from '../../lib/api-client.ts';

export const calendarFeedKey = ['calendar-feed'] as const;

export const fetchCalendarFeed = (): Promise<CalendarFeed> =>
  apiRequest('/api/calendar-feed', calendarFeedSchema);

export const updateCalendarFeed = (body: UpdateCalendarFeedBody): Promise<CalendarFeed> =>
  apiRequest('/api/calendar-feed', calendarFeedSchema, { method: 'PUT', body });

export const regenerateCalendarFeed = (): Promise<CalendarFeed> =>
  apiRequest('/api/calendar-feed/regenerate', calendarFeedSchema, { method: 'POST' });
