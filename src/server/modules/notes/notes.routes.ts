import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages.ts';
import {
  contentMaxLength,
  createNoteBodySchema,
  noteConflictBodySchema,
  noteIndexResponseSchema,
  noteMetaSchema,
  noteSchema,
  notesOutlineSchema,
  notesTreeQuerySchema,
  notesTreeSchema,
  sectionNotesResponseSchema,
  updateNoteBodySchema,
} from '../../../shared/schemas/note.ts';
import { idParamsSchema, orderBodySchema } from '../../../shared/schemas/notebook.ts';
import type { AppDeps } from '../../deps.ts';
import { fastCompression } from '../../lib/fast-compression.ts';
import { mappedJsonSerializer } from '../../lib/mapped-json.ts';
import { createErrors, noContent, noStore, readErrors, writeErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import { createNote, getNote, listSectionNotes, orderNotes, removeNote, saveNote } from './notes.service.ts';
import { loadNoteIndex, loadNotesTree } from './notes-tree.service.ts';

const tags = ['notes'];

/**
 * Room for the largest page in JSON: each character may take up to 6 bytes once escaped (`\u0001`).
 * Larger bodies answer 413; the schema then holds content to contentMaxLength characters.
 */
const noteBodyLimit = contentMaxLength * 6 + 64 * 1024;

/** /api/notes/*: pages, the workspace tree, and a section's page list and order. */
export function noteRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);

    app.get(
      '/api/notes/tree',
      {
        compress: fastCompression,
        // loadNotesTree builds the answer with the typed mappers; zod re-checking 10,000 pages cost more
        // than the queries (mapped-json.ts).
        serializerCompiler: mappedJsonSerializer,
        schema: {
          tags,
          summary: 'Notebooks, their sections and their page titles or counts (no page contents)',
          description:
            "`pages=titles` (the default): each section lists its pages. `pages=count`: each section's " +
            'noteCount only; its pages come from GET /api/sections/{id}/notes. The web client asks for ' +
            'counts, so an account of 100,000 pages opens as fast as a small one.',
          querystring: notesTreeQuerySchema,
          response: { 200: z.union([notesTreeSchema, notesOutlineSchema]), ...readErrors },
        },
      },
      async (request) => loadNotesTree(deps, currentUser(request).userId, request.query.pages),
    );

    app.get(
      '/api/notes/index',
      {
        // Built by the typed mapper in listNoteIndex: no need for zod's second pass (mapped-json.ts).
        serializerCompiler: mappedJsonSerializer,
        compress: fastCompression,
        schema: {
          tags,
          summary: "Every page's id, section and title, to find any page by name",
          description:
            'For the command palette: it matches titles on the client, including pages of sections not ' +
            'opened yet (the tree the web client loads has page counts only). Ordered by section, then position.',
          response: { 200: noteIndexResponseSchema, ...readErrors },
        },
      },
      async (request) => ({ notes: await loadNoteIndex(deps, currentUser(request).userId) }),
    );

    app.post(
      '/api/notes',
      {
        bodyLimit: noteBodyLimit,
        schema: {
          tags,
          summary: 'Create a page at the end of a section (Untitled Note, empty, unless given)',
          body: createNoteBodySchema,
          response: { 201: noteSchema, ...createErrors },
        },
        // Built by toNote: no need for zod's second pass on a hot write (docs/performance.md).
        serializerCompiler: mappedJsonSerializer,
      },
      async (request, reply) => {
        const note = await createNote(deps, currentUser(request).userId, request.body);
        return reply.code(201).send(note);
      },
    );

    app.get(
      '/api/notes/:id',
      {
        schema: {
          tags,
          summary: 'Open a page: its content and the version to save against',
          params: idParamsSchema,
          response: { 200: noteSchema, ...readErrors },
        },
        // A page opened, built by toNote: plain JSON.stringify.
        serializerCompiler: mappedJsonSerializer,
      },
      async (request) => getNote(deps, currentUser(request).userId, request.params.id),
    );

    app.patch(
      '/api/notes/:id',
      {
        bodyLimit: noteBodyLimit,
        schema: {
          tags,
          summary: 'Save a page edited from baseVersion',
          description:
            'Answers the page without content and with its new version. When the page changed since ' +
            'baseVersion (another tab or device saved), nothing is written and 409 `conflict` carries ' +
            'the current page in error.current.',
          params: idParamsSchema,
          body: updateNoteBodySchema,
          response: { 200: noteMetaSchema, 409: noteConflictBodySchema, ...writeErrors },
        },
      },
      async (request, reply) => {
        const outcome = await saveNote(deps, currentUser(request).userId, request.params.id, request.body);
        if (outcome.kind === 'saved') return outcome.note;
        return reply.code(409).send({
          error: { code: 'conflict' as const, message: messages.notes.conflict, current: outcome.current },
        });
      },
    );

    app.delete(
      '/api/notes/:id',
      {
        schema: {
          tags,
          summary: 'Delete a page',
          params: idParamsSchema,
          response: { 204: noContent, ...writeErrors },
        },
      },
      async (request, reply) => {
        await removeNote(deps, currentUser(request).userId, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/sections/:id/notes',
      {
        schema: {
          tags,
          summary: "A section's pages in order (no contents)",
          params: idParamsSchema,
          response: { 200: sectionNotesResponseSchema, ...readErrors },
        },
        // The busiest read (a section opened): rows in the answer's shape, no need for zod's second pass.
        serializerCompiler: mappedJsonSerializer,
        // A section of 10,000 pages is 1.4 MB of JSON: compressed fast, as the tree is.
        compress: fastCompression,
      },
      async (request) => ({
        notes: await listSectionNotes(deps, currentUser(request).userId, request.params.id),
      }),
    );

    app.put(
      '/api/sections/:id/notes/order',
      {
        schema: {
          tags,
          summary: "Reorder a section's pages, moving listed pages into it",
          description:
            'ids must include every page already in the section; a listed page of another section moves ' +
            "here and takes this section's notebook. Positions become the index. One transaction.",
          params: idParamsSchema,
          body: orderBodySchema,
          response: { 204: noContent, ...writeErrors },
        },
      },
      async (request, reply) => {
        await orderNotes(deps, currentUser(request).userId, request.params.id, request.body.ids);
        return reply.code(204).send(null);
      },
    );
  };
}
