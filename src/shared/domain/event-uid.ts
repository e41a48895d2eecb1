/**
 * The UID a task's calendar event has, one rule for the .ics download, the private feed and the synced
 * calendars. On a connected calendar it is stable per (task, calendar) and valid as Google's
 * client-chosen event id (base32hex: 0-9 and a-v, so hex digits qualify) and as a CalDAV UID and file
 * name, so a retried create finds its own event. CalDAV servers keep it as the event's UID, so it must
 * never change for a calendar already synced.
 *
 * The download and the feed take the UID of the task's event on a CalDAV calendar, when it has one: a
 * download imported there, or the feed read by the same calendar app, then updates the synced event
 * instead of adding a second one. Google and Outlook choose their own iCalendar UIDs, so they give
 * nothing to match. A task on no CalDAV calendar keeps the UID downloads always had.
 */
export function taskEventUid(taskId: string, calendarId: string | null): string {
  if (calendarId === null) return `${taskId}@jotlist`;
  return `jl${taskId.replaceAll('-', '')}${calendarId.replaceAll('-', '')}`.toLowerCase();
}

/** What the download and the feed know of a task's synced events. */
export interface TaskEventLink {
  integrationId: string;
  provider: string;
}

/**
 * The calendar whose UID the download and the feed write for a task: of the CalDAV calendars it is
 * synced to, the one with the smallest id (any fixed choice would do; this one needs no ordering from
 * the caller), or null.
 */
export function uidCalendarOf(events: readonly TaskEventLink[]): string | null {
  const caldav = events.filter((event) => event.provider === 'caldav').map((event) => event.integrationId);
  return caldav.length === 0 ? null : (caldav.sort()[0] ?? null);
}
