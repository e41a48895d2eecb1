/**
 * The public surface of settings for the other features: the Calendars tab, which frames the sections
 * calendar sync and the calendar feed contribute. The routes load the settings panel by its own path.
 */
export { CalendarsTab } from './components/calendars-tab.tsx';
