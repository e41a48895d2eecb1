import { CalendarFeedSection } from '../../calendar-feed/components/calendar-feed-section.tsx';

/** Settings → Calendars (issue 13): for now the private calendar feed; connected calendars come later. */
export function CalendarsTab() {
  return <CalendarFeedSection />;
}
