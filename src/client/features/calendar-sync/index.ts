/**
 * The public surface of calendar sync for the other features: the settings section and the task panel's
 * menu. The routes load the callback screen (components/oauth-callback-screen.tsx) and the return state
 * (return-state.ts) by their own paths, so neither pulls the other's code into its chunk.
 */
export { ConnectedCalendarsSection } from './components/connected-calendars-section.tsx';
export { TaskCalendarMenu } from './components/task-calendar-menu.tsx';
