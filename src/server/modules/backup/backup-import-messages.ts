import { z } from 'zod';
import { errorCodeSchema } from '../../../shared/errors.ts';
import { importCountsSchema, skippedRowSchema } from '../../../shared/schemas/backup.ts';
import { backupTables } from './backup-tables.ts';

/** One import (or preview) for the import's worker thread (backup-import-worker.ts). */
export const importWorkerDataSchema = z.object({
  /** The spooled upload. */
  file: z.string(),
  job: z.object({
    userId: z.string(),
    now: z.string(),
    clearExisting: z.boolean(),
    existingLabels: z.array(z.tuple([z.string(), z.string()])).optional(),
  }),
  /** Only read and check the file (a preview): no database at all. */
  dryRun: z.boolean(),
  /** The SQLite database the import writes to, on a connection of the worker's own. */
  sqlitePath: z.string().nullable(),
  /** Its key (sqlite-cipher.ts); null for a plain file. */
  sqliteKey: z.string().nullable(),
  /** Ask the server's thread before each batch (its test seam is set): see importFaults. */
  askBeforeInsert: z.boolean(),
  /** The file is a zip of Markdown (markdown-import.ts), not a JSON backup. */
  markdown: z
    .object({
      /** The uploaded file's name: the notebook of the zip's root pages. */
      zipName: z.string().optional(),
      /** Bytes the account may still store (read by the server's thread before the job). */
      roomBytes: z.number(),
      limits: z.object({
        entries: z.number(),
        totalBytes: z.number(),
        ratio: z.number(),
        ratioFloor: z.number(),
      }),
    })
    .optional(),
});
export type ImportWorkerData = z.infer<typeof importWorkerDataSchema>;

/** What the worker says: that it is ready (once, its modules loaded); per job a question before a batch, then one answer. */
export const importWorkerMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ready') }),
  z.object({ kind: z.literal('beforeInsert'), table: z.enum(backupTables) }),
  z.object({
    kind: z.literal('done'),
    outcome: z.object({
      counts: importCountsSchema,
      skipped: z.array(skippedRowSchema),
      skippedCount: z.number(),
    }),
  }),
  /** The file was refused (an AppError: a 400 with the spec's message). */
  z.object({
    kind: z.literal('refused'),
    code: errorCodeSchema,
    statusCode: z.number(),
    message: z.string(),
  }),
  /** Clearing the account would delete tasks synced to a calendar: the server's thread must do it. */
  z.object({ kind: z.literal('calendarEvents') }),
  z.object({ kind: z.literal('failed'), message: z.string() }),
]);
export type ImportWorkerMessage = z.infer<typeof importWorkerMessageSchema>;

/** What the server's thread says: a job to run, or its reply to `beforeInsert` (an error to throw, or none). */
export const importWorkerRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('job'), data: importWorkerDataSchema }),
  z.object({ kind: z.literal('beforeInsertReply'), error: z.string().nullable() }),
]);
export type ImportWorkerRequest = z.infer<typeof importWorkerRequestSchema>;
