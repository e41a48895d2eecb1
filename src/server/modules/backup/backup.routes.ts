import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backupFileName,
  backupMaxBytes,
  markdownZipMaxBytes,
  zipContentTypes,
} from '../../../shared/domain/backup-format.ts';
import { markdownExportFileName } from '../../../shared/domain/markdown-export.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { importQuerySchema, importResultSchema } from '../../../shared/schemas/backup.ts';
import { AppError } from '../../app-error.ts';
import type { AppDeps } from '../../deps.ts';
import { noStore, writeErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import { exportBackup, importBackup, importMarkdown } from './backup.service.ts';
import { limitedUpload, uploadChunks, uploadTooLarge, withSpooledUpload } from './backup-upload.ts';
import { exportMarkdown } from './markdown-export.service.ts';
import { looksLikeZip } from './markdown-zip.ts';

const tags = ['backup'];

/**
 * Per signed-in user (not per address: people share addresses, and one person has several). Export
 * reads the whole account and import rewrites it, so both are limited well below what a person needs;
 * an import is usually two calls, the preview (dry run) and the real one. Read on every request, so a
 * test can raise them (the limit itself is tested with the values below).
 */
export const backupRateLimits = {
  export: { max: 10, timeWindow: '15 minutes' },
  markdownExport: { max: 10, timeWindow: '15 minutes' },
  import: { max: 20, timeWindow: '15 minutes' },
};
const perUser = (request: FastifyRequest) => (request.auth ? `user:${request.auth.userId}` : request.ip);
const limitOf = (kind: keyof typeof backupRateLimits) => ({
  max: () => backupRateLimits[kind].max,
  timeWindow: backupRateLimits[kind].timeWindow,
  keyGenerator: perUser,
});

/** Whether the upload is declared a zip (a Markdown import): its limit is the zip's. */
const declaredZip = (request: FastifyRequest) =>
  zipContentTypes.includes((request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '');
const uploadMax = (request: FastifyRequest) => (declaredZip(request) ? markdownZipMaxBytes : backupMaxBytes);

/** Refuses a declared over-size upload before reading a byte of it, with a message people understand. */
async function refuseOversize(request: FastifyRequest): Promise<void> {
  const declared = Number(request.headers['content-length'] ?? 0);
  const max = uploadMax(request);
  if (declared > max) throw new AppError('payload_too_large', 413, uploadTooLarge(max));
}

/** Import uploads, unread, by request (see the content type parser below); gone with the request. */
const uploads = new WeakMap<FastifyRequest, Readable>();

/**
 * An answer given before the upload was read to its end (over the limit, not a backup) closes the
 * connection, as Fastify does for the bodies it reads: the client may still be sending, and the rest of
 * its body must not be read as the next request.
 */
async function closeAfterUnreadUpload(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const upload = uploads.get(request);
  if (upload && !upload.readableEnded) reply.header('connection', 'close');
}

/**
 * /api/backup/*: export and import of the signed-in user's notes and todos. Registered inside the
 * guarded scope (app.ts): the export is a GET, so it needs a user only and stays open to read-only
 * accounts; the import is a POST, so the scope refuses it for them with 403 `read_only` before the body
 * is read. This plugin is its own encapsulated context, so its JSON parser and body limit are its own.
 */
export function backupRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);
    // The import reads the file's text itself, to answer the spec's own messages for a file that is not
    // JSON or not a backup (Fastify's parser would answer its own words). Only in this plugin.
    // The body is left unread, as a stream, for the importer to read a row at a time. It is kept beside
    // the request, not as its body: hooks that walk every body (the unstorable-text guard) would walk
    // the socket behind the stream. The rows' text is checked by their schemas instead.
    app.removeContentTypeParser('application/json');
    // A zip of Markdown comes the same way, under a zip's (or no particular) content type.
    app.addContentTypeParser(['application/json', ...zipContentTypes], (request, payload, done) => {
      uploads.set(request, payload);
      done(null, undefined);
    });

    app.addHook('onSend', closeAfterUnreadUpload);

    app.get(
      '/api/backup/export',
      {
        config: { rateLimit: limitOf('export') },
        schema: {
          tags,
          summary: 'Download a backup of all notes and todos (streamed JSON file)',
          description:
            'A JSON file `backup-<timestamp>.json`: version 1.0.0, exportedAt, userId and the arrays ' +
            'notebooks, sections, notes, todos, todoCategories, todoItems, todoSubtasks, ' +
            'calendarIntegrations, taskCalendarEvents, labels, taskLabels, taskOccurrences (the last three ' +
            'may be absent from an imported file written before labels or repeating tasks existed). ' +
            "todoItems carry repeat_rule, repeat_mode and repeat_start; taskOccurrences is repeating tasks' " +
            'History; taskReminders (optional too) holds the reminders as rules (task_id, kind atDue or ' +
            'before, offset_minutes, created_at; no snoozes), which an import schedules again in the ' +
            "account's zone; defaultReminderMinutes, after the arrays, is the account's default reminder " +
            '(an imported file without it leaves the setting). Open to read-only accounts. ' +
            `At most ${backupRateLimits.export.max} per user per ${backupRateLimits.export.timeWindow}.`,
          response: {
            200: z.unknown().describe('The backup file (application/json attachment)'),
            401: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { userId } = currentUser(request);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${backupFileName(deps.now())}"`)
          .send(exportBackup(deps, userId));
      },
    );

    app.get(
      '/api/export/markdown',
      {
        config: { rateLimit: limitOf('markdownExport') },
        schema: {
          tags,
          summary: 'Download everything as a zip of Markdown files (streamed)',
          description:
            'A zip `jotlist-<date>.zip`: a folder per notebook and section, a Markdown file per page (front ' +
            "matter: title, created, updated) with the files it links in its section's `files/` folder, " +
            '`Todos/<list>.md` per to-do list (Obsidian Tasks checklists) and `Todos/tasks.ics`, and a ' +
            'README.md. The format is in docs/backup.md. Open to read-only accounts. ' +
            `At most ${backupRateLimits.markdownExport.max} per user per ${backupRateLimits.markdownExport.timeWindow}.`,
          response: {
            200: z.unknown().describe('The zip file (application/zip attachment)'),
            401: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { userId } = currentUser(request);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${markdownExportFileName(deps.now())}"`)
          .send(exportMarkdown(deps, userId));
      },
    );

    app.post(
      '/api/backup/import',
      {
        bodyLimit: markdownZipMaxBytes,
        onRequest: refuseOversize,
        config: { rateLimit: limitOf('import') },
        schema: {
          tags,
          summary: 'Import a backup file or a zip of Markdown (or check it first with dryRun=true)',
          description:
            'The body is the backup file (application/json, at most 50 MB), or a zip of Markdown ' +
            '(application/zip, at most 1.5 GB; recognised by its first bytes): an Obsidian vault, a Joplin, ' +
            'Bear or Notion Markdown export, or our own Markdown export; its linked files become attachments ' +
            '(counts.files) and `name`, the zip file name, names the notebook of its root pages. ' +
            'Every row is checked before ' +
            'anything is written; ids are replaced and parents remapped; sections and notes whose parent ' +
            'is missing are skipped and listed. clearExisting=true deletes the notes and todos first, in ' +
            'the same transaction. dryRun=true answers the same counts and writes nothing. ' +
            `At most ${backupRateLimits.import.max} per user per ${backupRateLimits.import.timeWindow}.`,
          querystring: importQuerySchema,
          response: {
            200: importResultSchema,
            ...writeErrors,
            413: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request) => {
        const { userId } = currentUser(request);
        const body = uploads.get(request) ?? Readable.from([]);
        const upload = limitedUpload(uploadChunks(body), uploadMax(request));
        // Read from disk once the whole upload has arrived: a zip (by its first bytes, whatever its
        // declared type) is a Markdown import, anything else the JSON backup's (in a worker thread).
        return withSpooledUpload(upload, async (file) => {
          if (await looksLikeZip(file)) return importMarkdown(deps, userId, file, request.query);
          if (declaredZip(request))
            throw new AppError('validation_failed', 400, messages.markdownImport.notZip);
          return importBackup(deps, userId, file, request.query);
        });
      },
    );
  };
}
