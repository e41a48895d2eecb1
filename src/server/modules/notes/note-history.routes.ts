import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages.ts';
import { noteConflictBodySchema } from '../../../shared/schemas/note.ts';
import {
  noteVersionParamsSchema,
  noteVersionSchema,
  noteVersionsResponseSchema,
  restoreNoteVersionBodySchema,
  restoreNoteVersionResponseSchema,
} from '../../../shared/schemas/note-history.ts';
import { idParamsSchema } from '../../../shared/schemas/notebook.ts';
import type { AppDeps } from '../../deps.ts';
import { noStore, readErrors, writeErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import { getNoteVersion, listNoteVersions, restoreNoteVersion } from './note-history.service.ts';

const tags = ['notes'];

/** /api/notes/:id/versions: a page's history, one version's text, and restoring one. */
export function noteHistoryRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);

    app.get(
      '/api/notes/:id/versions',
      {
        schema: {
          tags,
          summary: "A page's history, newest first (no texts)",
          description:
            'Each editing session of the page makes a version (its saves within 5 minutes of each other ' +
            'coalesce into it); the text a restore or a conflict resolution replaced is kept too ' +
            '(`before-restore`, `before-conflict`). Versions are kept NOTE_HISTORY_DAYS days and at most ' +
            'NOTE_HISTORY_VERSIONS per page. Another user’s page is 404.',
          params: idParamsSchema,
          response: { 200: noteVersionsResponseSchema, ...readErrors },
        },
      },
      async (request) => ({
        versions: await listNoteVersions(deps, currentUser(request).userId, request.params.id),
      }),
    );

    app.get(
      '/api/notes/:id/versions/:versionId',
      {
        schema: {
          tags,
          summary: "One version of a page, with its full text (to compare with the page's)",
          params: noteVersionParamsSchema,
          response: { 200: noteVersionSchema, ...readErrors },
        },
      },
      async (request) =>
        getNoteVersion(deps, currentUser(request).userId, request.params.id, request.params.versionId),
    );

    app.post(
      '/api/notes/:id/versions/:versionId/restore',
      {
        schema: {
          tags,
          summary: "Restore a version: its title and text become the page's newest version",
          description:
            'Checked like a save: when the page changed since baseVersion, nothing is written and 409 ' +
            '`conflict` carries the current page. The text replaced is kept as a version first; restoring ' +
            'previousVersionId undoes the restore. Refused for read-only accounts (403).',
          params: noteVersionParamsSchema,
          body: restoreNoteVersionBodySchema,
          response: { 200: restoreNoteVersionResponseSchema, 409: noteConflictBodySchema, ...writeErrors },
        },
      },
      async (request, reply) => {
        const { id, versionId } = request.params;
        const outcome = await restoreNoteVersion(
          deps,
          currentUser(request).userId,
          id,
          versionId,
          request.body,
        );
        if (outcome.kind === 'restored') return outcome.result;
        return reply.code(409).send({
          error: { code: 'conflict' as const, message: messages.notes.conflict, current: outcome.current },
        });
      },
    );
  };
}
