import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import {
  createLabelBodySchema,
  labelSchema,
  labelsResponseSchema,
  labelTasksResponseSchema,
  updateLabelBodySchema,
} from '../../../shared/schemas/label.ts';
import { idParamsSchema } from '../../../shared/schemas/notebook.ts';
import type { AppDeps } from '../../deps.ts';
import { createErrors, noContent, noStore, readErrors, writeErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import { changeLabel, createLabel, labelsOf, removeLabel, tasksWithLabel } from './labels.service.ts';

const tags = ['labels'];

/** /api/labels/*: the signed-in user's labels and the tasks that have one, across lists. */
export function labelRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);

    app.get(
      '/api/labels',
      {
        schema: {
          tags,
          summary: "The user's labels by name, each with its tasks counted",
          response: { 200: labelsResponseSchema, ...readErrors },
        },
      },
      async (request) => ({ labels: await labelsOf(deps, currentUser(request).userId) }),
    );

    app.post(
      '/api/labels',
      {
        schema: {
          tags,
          summary: 'Create a label (a random colour unless given)',
          description:
            "A name already used by another of the user's labels, whatever its case, is 409 `conflict`; " +
            'an `id` already in use is 409 `id_taken`.',
          body: createLabelBodySchema,
          response: { 201: labelSchema, ...createErrors },
        },
      },
      async (request, reply) => {
        const label = await createLabel(deps, currentUser(request).userId, request.body);
        return reply.code(201).send(label);
      },
    );

    app.patch(
      '/api/labels/:id',
      {
        schema: {
          tags,
          summary: 'Rename a label or change its colour',
          description:
            "A name already used by another of the user's labels, whatever its case, is 409 `conflict`.",
          params: idParamsSchema,
          body: updateLabelBodySchema,
          response: { 200: labelSchema, 409: errorBodySchema, ...writeErrors },
        },
      },
      async (request) => changeLabel(deps, currentUser(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/api/labels/:id',
      {
        schema: {
          tags,
          summary: 'Delete a label, taking it off every task (the tasks stay)',
          params: idParamsSchema,
          response: { 204: noContent, ...writeErrors },
        },
      },
      async (request, reply) => {
        await removeLabel(deps, currentUser(request).userId, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/labels/:id/tasks',
      {
        schema: {
          tags,
          summary: "The tasks with a label across every list, with their list's and category's titles",
          description: 'Ordered as the sidebar shows them: by list, then category, then position.',
          params: idParamsSchema,
          response: { 200: labelTasksResponseSchema, ...readErrors },
        },
      },
      async (request) => ({
        tasks: await tasksWithLabel(deps, currentUser(request).userId, request.params.id),
      }),
    );
  };
}
