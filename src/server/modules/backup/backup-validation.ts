import type { z } from 'zod';
import { type BackupArray, backupArrays } from '../../../shared/domain/backup-format.ts';
import { messages } from '../../../shared/messages.ts';
import { type BackupRows, backupRowSchemas } from '../../../shared/schemas/backup.ts';
import { AppError } from '../../app-error.ts';

const m = messages.backup;
const refuse = (message: string) => new AppError('validation_failed', 400, message);

/** A backup file whose shape has been checked; its rows have not (validatedRows does that). */
export type RawBackup = Record<BackupArray, unknown[]>;

/** The request body, handed over so the reader can let the text go once it is parsed (~50 MB). */
export interface BackupText {
  text: string;
}

/**
 * Reads a backup file's text and checks its shape in the spec's order (§5): JSON at all, an object, the
 * three metadata fields, each of the nine arrays. Rows are checked afterwards, one at a time, by
 * `validatedRows`, and every row is checked before anything is written.
 */
export function readBackupFile(body: BackupText): RawBackup {
  const text = body.text;
  body.text = '';
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw refuse(m.notJson);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw refuse(m.invalidFormat);
  const file = data as Record<string, unknown>;
  if (!file.version || !file.exportedAt || !file.userId) throw refuse(m.missingMetadata);
  for (const name of backupArrays) {
    if (!Array.isArray(file[name])) throw refuse(m.missingArray(name));
  }
  return file as RawBackup;
}

/**
 * The rows of one array, each checked against its entity's schema; the first bad row refuses the whole
 * file with a message naming the array, the index and the field. Each raw row is released as soon as it
 * is parsed, so a large file is held about once, not twice.
 */
export function* validatedRows<K extends BackupArray>(
  file: RawBackup,
  name: K,
): Generator<[number, BackupRows[K][number]]> {
  const source = file[name];
  const schema: z.ZodType = backupRowSchemas[name];
  // Calendar rows are not imported (no tables yet), so their ids need not be unique.
  const seen = name === 'calendarIntegrations' || name === 'taskCalendarEvents' ? null : new Set<string>();
  for (let index = 0; index < source.length; index++) {
    const result = schema.safeParse(source[index]);
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join('.') ?? '';
      throw refuse(m.invalidRow(name, index, field, issue?.message ?? 'Invalid value'));
    }
    source[index] = undefined;
    const row = result.data as BackupRows[K][number];
    if (seen) {
      const id = (row as { id: string }).id;
      // Two rows with one id would make every child's parent ambiguous.
      if (seen.has(id)) throw refuse(m.invalidRow(name, index, 'id', m.duplicateId));
      seen.add(id);
    }
    yield [index, row];
  }
}
