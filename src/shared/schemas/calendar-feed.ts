import { z } from 'zod';

/** GET/PUT /api/calendar-feed answer: `url` is the secret webcal:// address while the feed is on. */
export const calendarFeedSchema = z.object({
  enabled: z.boolean(),
  url: z.string().nullable(),
  includeCompleted: z.boolean(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** PUT /api/calendar-feed: turning it off revokes the URL; turning it on again makes a new one. */
export const updateCalendarFeedBodySchema = z.object({
  enabled: z.boolean(),
  includeCompleted: z.boolean().optional(),
});
export type UpdateCalendarFeedBody = z.infer<typeof updateCalendarFeedBodySchema>;
