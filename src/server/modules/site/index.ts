/** The site module's public surface: GET /api/site (support address, trial length, billing mode). */
export { siteRoutes } from './site.routes.ts';
