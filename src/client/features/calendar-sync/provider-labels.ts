import { messages } from '../../../shared/messages.ts';
import type { CalendarProvider } from '../../../shared/schemas/calendar-sync.ts';

/** How each kind of calendar is named on screen. */
export const providerNames: Record<CalendarProvider, string> = {
  google: 'Google Calendar',
  outlook: 'Outlook',
  caldav: 'CalDAV',
};

/** The task menu's entries (docs/PRODUCT.md §2 words for Google and Outlook; CalDAV is ours). */
export const syncLabels: Record<CalendarProvider, string> = {
  google: messages.calendar.syncToGoogle,
  outlook: messages.calendar.syncToOutlook,
  caldav: messages.calendar.syncToCaldav,
};

export const calendarLabel = (name: string | null) => name ?? messages.calendar.defaultCalendar;
