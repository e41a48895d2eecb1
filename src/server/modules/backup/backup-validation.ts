import type { z } from 'zod';
import {
  type BackupArray,
  backupArrays,
  optionalBackupArrays,
} from '../../../shared/domain/backup-format.ts';
import { messages } from '../../../shared/messages.ts';
import { type BackupRows, backupRowSchemas } from '../../../shared/schemas/backup.ts';
import { AppError } from '../../app-error.ts';
import { fastCheckedRow } from './backup-row-fast-check.ts';

const m = messages.backup;
export const refuseImport = (message: string) => new AppError('validation_failed', 400, message);

/** A backup file held whole, its shape checked (the starter content is built as one). */
type OptionalArray = 'labels' | 'taskLabels' | 'taskOccurrences' | 'taskReminders';
export type RawBackup = Record<Exclude<BackupArray, OptionalArray>, unknown[]> &
  Partial<Record<OptionalArray, unknown[]>>;

/**
 * The file's shape in the original brief's order (docs/PRODUCT.md §5), after the JSON check: an object, the three metadata
 * fields, each of the nine arrays. `root` is the scanner's skeleton (rows replaced by 0), so only the
 * shape is looked at here; an array named twice is refused as invalid (JSON.parse would silently keep
 * the last one, while its rows were already read).
 */
export function checkBackupShape(root: unknown, repeatedArrays: ReadonlySet<string>): void {
  if (typeof root !== 'object' || root === null || Array.isArray(root)) throw refuseImport(m.invalidFormat);
  const file = root as Record<string, unknown>;
  if (!file.version || !file.exportedAt || !file.userId) throw refuseImport(m.missingMetadata);
  for (const name of backupArrays) {
    const absentOptional = file[name] === undefined && optionalBackupArrays.has(name);
    if (absentOptional) continue;
    if (!Array.isArray(file[name]) || repeatedArrays.has(name)) throw refuseImport(m.missingArray(name));
  }
}

/** The spec's message for a row that fails its entity's schema, naming the array, the index and the field. */
export type RowCheck<K extends BackupArray> = { row: BackupRows[K][number] } | { problem: string };

/**
 * Checks one row against its entity's schema, and that its id is new in its array (two rows with one
 * id would make every child's parent ambiguous). `seen` holds the array's ids so far; null for the
 * calendar arrays, which are not imported, so their ids need not be unique, and for taskLabels, whose
 * rows have no id (a pair listed twice is written once).
 */
export function checkRow<K extends BackupArray>(
  name: K,
  index: number,
  value: unknown,
  seen: Set<string> | null,
): RowCheck<K> {
  let row = fastCheckedRow(name, value);
  if (!row) {
    const schema: z.ZodType = backupRowSchemas[name];
    const result = schema.safeParse(value);
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join('.') ?? '';
      return { problem: m.invalidRow(name, index, field, issue?.message ?? 'Invalid value') };
    }
    row = result.data as BackupRows[K][number];
  }
  if (seen) {
    const id = (row as { id: string }).id;
    if (seen.has(id)) return { problem: m.invalidRow(name, index, 'id', m.duplicateId) };
    seen.add(id);
  }
  return { row };
}
