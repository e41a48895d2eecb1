import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSectionBodySchema,
  idParamsSchema,
  sectionSchema,
  updateSectionBodySchema,
} from '../../../shared/schemas/notebook.ts';
import type { AppDeps } from '../../deps.ts';
import { createErrors, noContent, noStore, writeErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import { changeSection, createSection, removeSection } from './sections.service.ts';

const tags = ['sections'];

/** /api/sections/*: sections of the signed-in user's notebooks (moves: PUT /api/notebooks/:id/sections/order). */
export function sectionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);

    app.post(
      '/api/sections',
      {
        schema: {
          tags,
          summary: 'Create a section at the end of a notebook (New Section unless named)',
          body: createSectionBodySchema,
          response: { 201: sectionSchema, ...createErrors },
        },
      },
      async (request, reply) => {
        const section = await createSection(deps, currentUser(request).userId, request.body);
        return reply.code(201).send(section);
      },
    );

    app.patch(
      '/api/sections/:id',
      {
        schema: {
          tags,
          summary: 'Rename a section',
          params: idParamsSchema,
          body: updateSectionBodySchema,
          response: { 200: sectionSchema, ...writeErrors },
        },
      },
      async (request) => changeSection(deps, currentUser(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/api/sections/:id',
      {
        schema: {
          tags,
          summary: 'Delete a section with its notes',
          params: idParamsSchema,
          response: { 204: noContent, ...writeErrors },
        },
      },
      async (request, reply) => {
        await removeSection(deps, currentUser(request).userId, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
