/**
 * The private calendar feed's public surface: its settings routes (signed in), the public feed route, and
 * the feed's body for an account (the Markdown export's `Todos/tasks.ics`).
 */
export { calendarFeedPublicRoutes, calendarFeedSettingsRoutes } from './calendar-feed.routes.ts';
export { datedTasksIcs } from './calendar-feed.service.ts';
