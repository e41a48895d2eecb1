/** The public surface of the calendar feed for the other features: its section of the settings. */
export { CalendarFeedSection } from './components/calendar-feed-section.tsx';
