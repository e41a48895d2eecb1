import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, orderBodySchema } from '../../../shared/schemas/notebook.ts';
import {
  createSubtaskBodySchema,
  subtaskSchema,
  updateSubtaskBodySchema,
} from '../../../shared/schemas/task.ts';
import type { AppDeps } from '../../deps.ts';
import { createErrors, noContent, noStore, writeErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import { changeSubtask, createSubtask, orderSubtasks, removeSubtask } from './subtasks.service.ts';

const tags = ['tasks'];

/** A task's subtasks: /api/tasks/:id/subtasks* and /api/subtasks/:id. */
export function subtaskRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);

    app.post(
      '/api/tasks/:id/subtasks',
      {
        schema: {
          tags,
          summary: 'Add a subtask at the end of a task (text trimmed, not blank)',
          params: idParamsSchema,
          body: createSubtaskBodySchema,
          response: { 201: subtaskSchema, ...createErrors },
        },
      },
      async (request, reply) => {
        const subtask = await createSubtask(
          deps,
          currentUser(request).userId,
          request.params.id,
          request.body,
        );
        return reply.code(201).send(subtask);
      },
    );

    app.put(
      '/api/tasks/:id/subtasks/order',
      {
        schema: {
          tags,
          summary: "Reorder a task's subtasks",
          description:
            'ids names every subtask of the task once; positions become the index. One transaction.',
          params: idParamsSchema,
          body: orderBodySchema,
          response: { 204: noContent, ...writeErrors },
        },
      },
      async (request, reply) => {
        await orderSubtasks(deps, currentUser(request).userId, request.params.id, request.body.ids);
        return reply.code(204).send(null);
      },
    );

    app.patch(
      '/api/subtasks/:id',
      {
        schema: {
          tags,
          summary: "Edit a subtask's text or tick it",
          params: idParamsSchema,
          body: updateSubtaskBodySchema,
          response: { 200: subtaskSchema, ...writeErrors },
        },
      },
      async (request) => changeSubtask(deps, currentUser(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/api/subtasks/:id',
      {
        schema: {
          tags,
          summary: 'Delete a subtask',
          params: idParamsSchema,
          response: { 204: noContent, ...writeErrors },
        },
      },
      async (request, reply) => {
        await removeSubtask(deps, currentUser(request).userId, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
