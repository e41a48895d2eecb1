/** The private calendar feed's public surface: its settings routes (signed in) and the public feed route. */
export { calendarFeedPublicRoutes, calendarFeedSettingsRoutes } from './calendar-feed.routes.ts';
