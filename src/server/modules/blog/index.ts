/**
 * The blog module's public surface: its three route groups (public API, admin API, pages and feeds), and
 * the view counter each app holds.
 */

export { blogRoutes } from './blog.routes.ts';
export { blogAdminRoutes } from './blog-admin.routes.ts';
export { blogPageRoutes } from './blog-pages.routes.ts';
export { ViewCounter } from './blog-views.ts';
