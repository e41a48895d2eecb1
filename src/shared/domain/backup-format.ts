/**
 * The backup file (docs/PRODUCT.md §3 "Backup file", §9): a JSON object with `version`, `exportedAt`, `userId` and
 * nine arrays of rows in the spec's snake_case field names, in this order. Pure facts shared by the
 * server (which builds and reads the file) and the client (which names and sizes it).
 */

export const backupVersion = '1.0.0';

/**
 * The arrays of a backup file, in the spec's order (it is also the order of the checks): the spec's nine,
 * then the labels and which task has which. Those two came later: a file without them (any file written
 * before labels existed) still imports, and an importer that predates them skips them, so the version
 * stays 1.0.0.
 */
export const backupArrays = [
  'notebooks',
  'sections',
  'notes',
  'todos',
  'todoCategories',
  'todoItems',
  'todoSubtasks',
  'calendarIntegrations',
  'taskCalendarEvents',
  'labels',
  'taskLabels',
  'taskOccurrences',
  'taskReminders',
] as const;
export type BackupArray = (typeof backupArrays)[number];

/** The arrays a file may leave out (it was written before they existed). */
export const optionalBackupArrays: ReadonlySet<BackupArray> = new Set([
  'labels',
  'taskLabels',
  'taskOccurrences',
  'taskReminders',
]);

/** The largest file the import accepts (docs/backup.md); the rest of the API keeps its 1 MB limit. */
export const backupMaxBytes = 50 * 1024 * 1024;

/** The largest zip of Markdown the import accepts: an account's files are at most 1 GB, pages beside them. */
export const markdownZipMaxBytes = 1536 * 1024 * 1024;

/** The content types a client sends a zip as (the server still checks its first bytes). */
export const zipContentTypes = [
  'application/zip',
  'application/x-zip-compressed',
  'application/octet-stream',
];

/** Whether a chosen file is sent as a zip of Markdown: by its type or name (the server checks its bytes). */
export const isZipFile = (file: { name: string; type: string }): boolean =>
  file.type === 'application/zip' ||
  file.type === 'application/x-zip-compressed' ||
  /\.zip$/i.test(file.name);

/** How long the success notice stays before the workspace reloads (docs/PRODUCT.md §9: import reload 2 s). */
export const importReloadMs = 2000;

/** `backup-<timestamp>.json` (docs/PRODUCT.md §9), with a timestamp that is safe in every file system. */
export function backupFileName(at: Date): string {
  return `backup-${at
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d{3}Z$/, 'Z')}.json`;
}
