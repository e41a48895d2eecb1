/**
 * The navigation state the callback screen returns with: the workspace opens Settings → Calendars, where
 * the connection was started, so the new calendar (or the reason it failed) is in view.
 */
export interface CalendarReturnState {
  settingsTab: 'calendars';
}

export const calendarReturnState: CalendarReturnState = { settingsTab: 'calendars' };

export function wantsCalendarSettings(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { settingsTab?: unknown }).settingsTab === 'calendars'
  );
}
