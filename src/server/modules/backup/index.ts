/** The backup module's public surface: its routes (export and import of an account's data). */
export { backupRoutes } from './backup.routes.ts';
