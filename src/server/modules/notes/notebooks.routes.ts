import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createNotebookBodySchema,
  idParamsSchema,
  notebookSchema,
  orderBodySchema,
  updateNotebookBodySchema,
} from '../../../shared/schemas/notebook.ts';
import type { AppDeps } from '../../deps.ts';
import { createErrors, noContent, noStore, writeErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import { changeNotebook, createNotebook, removeNotebook, reorderNotebooks } from './notebooks.service.ts';
import { orderSections } from './sections.service.ts';

const tags = ['notebooks'];

/** /api/notebooks/*: the signed-in user's notebooks. The tree (GET /api/notes/tree) reads them. */
export function notebookRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);

    app.post(
      '/api/notebooks',
      {
        schema: {
          tags,
          summary: 'Create a notebook at the end (New Notebook, random colour, unless given)',
          body: createNotebookBodySchema,
          response: { 201: notebookSchema, ...createErrors },
        },
      },
      async (request, reply) => {
        const notebook = await createNotebook(deps, currentUser(request).userId, request.body);
        return reply.code(201).send(notebook);
      },
    );

    app.patch(
      '/api/notebooks/:id',
      {
        schema: {
          tags,
          summary: 'Rename a notebook or change its colour',
          params: idParamsSchema,
          body: updateNotebookBodySchema,
          response: { 200: notebookSchema, ...writeErrors },
        },
      },
      async (request) => changeNotebook(deps, currentUser(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/api/notebooks/:id',
      {
        schema: {
          tags,
          summary: 'Delete a notebook with its sections and notes',
          params: idParamsSchema,
          response: { 204: noContent, ...writeErrors },
        },
      },
      async (request, reply) => {
        await removeNotebook(deps, currentUser(request).userId, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/api/notebooks/order',
      {
        schema: {
          tags,
          summary: "Reorder the user's notebooks",
          description:
            'ids names every notebook of the user once; positions become the index. One transaction.',
          body: orderBodySchema,
          response: { 204: noContent, ...writeErrors },
        },
      },
      async (request, reply) => {
        await reorderNotebooks(deps, currentUser(request).userId, request.body.ids);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/api/notebooks/:id/sections/order',
      {
        schema: {
          tags,
          summary: "Reorder a notebook's sections, moving listed sections into it",
          description:
            'ids must include every section already in the notebook; a listed section of another notebook ' +
            "moves here and its notes' notebook follows. Positions become the index. One transaction.",
          params: idParamsSchema,
          body: orderBodySchema,
          response: { 204: noContent, ...writeErrors },
        },
      },
      async (request, reply) => {
        await orderSections(deps, currentUser(request).userId, request.params.id, request.body.ids);
        return reply.code(204).send(null);
      },
    );
  };
}
