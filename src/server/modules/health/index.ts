/** The health module's public surface: GET /api/health (liveness and database reachability). */
export { healthRoutes } from './health.routes.ts';
