/**
 * The backup module's public surface: its routes (export and import of an account's data), and rows in
 * the file's shape added to an account in a caller's transaction (a new account's starter content).
 */
export { backupRoutes } from './backup.routes.ts';
export { addBackupRows } from './backup.service.ts';
export type { RawBackup } from './backup-validation.ts';
