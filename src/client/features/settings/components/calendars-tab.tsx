import { CalendarFeedSection } from '../../calendar-feed/index.ts';
import { ConnectedCalendarsSection } from '../../calendar-sync/index.ts';

/** Settings → Calendars (docs/calendar-sync.md): connected calendars first, then the private calendar feed. */
export function CalendarsTab() {
  return (
    <div className="space-y-6">
      <ConnectedCalendarsSection />
      <CalendarFeedSection />
    </div>
  );
}
