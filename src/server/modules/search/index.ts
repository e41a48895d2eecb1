/**
 * The search module's public surface: GET /api/search over notes and tasks, whose plugin also runs the
 * background index upkeep. Everything else in this folder is internal.
 */
export { searchRoutes } from './search.routes.ts';
