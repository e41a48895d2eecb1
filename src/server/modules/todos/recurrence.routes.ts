import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import { idField, idParamsSchema } from '../../../shared/schemas/notebook.ts';
import {
  skipOccurrenceBodySchema,
  taskOccurrencesResponseSchema,
  taskSchema,
} from '../../../shared/schemas/task.ts';
import type { AppDeps } from '../../deps.ts';
import { noStore, readErrors, writeErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import { skipOccurrence, taskOccurrences, undoOccurrence } from './recurrence.service.ts';

const tags = ['tasks'];
const occurrenceParamsSchema = z.object({ id: idField, occurrenceId: idField });

/** A repeating task's occurrences: skip the current one, read the history, undo the latest. */
export function recurrenceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);

    app.post(
      '/api/tasks/:id/skip',
      {
        schema: {
          tags,
          summary: "Skip a repeating task's current occurrence",
          description:
            'Records the occurrence as skipped and moves the due date to the next one (the task completes ' +
            'when the rule has ended). occurrence names the one meant: one already recorded changes nothing, ' +
            'another is 409 `conflict`; a task that does not repeat is 409 too.',
          params: idParamsSchema,
          body: skipOccurrenceBodySchema,
          response: { 200: taskSchema, 409: errorBodySchema, ...writeErrors },
        },
      },
      async (request) =>
        skipOccurrence(deps, currentUser(request).userId, request.params.id, request.body.occurrence),
    );

    app.get(
      '/api/tasks/:id/occurrences',
      {
        schema: {
          tags,
          summary: "A repeating task's completed and skipped occurrences, newest first",
          params: idParamsSchema,
          response: { 200: taskOccurrencesResponseSchema, ...readErrors },
        },
      },
      async (request) => ({
        occurrences: await taskOccurrences(deps, currentUser(request).userId, request.params.id),
      }),
    );

    app.delete(
      '/api/tasks/:id/occurrences/:occurrenceId',
      {
        schema: {
          tags,
          summary: 'Undo the latest completion or skip of a repeating task',
          description:
            'The task is due on that occurrence again, open, and the entry goes. Only the latest entry: ' +
            'another is 409 `conflict`.',
          params: occurrenceParamsSchema,
          response: { 200: taskSchema, 409: errorBodySchema, ...writeErrors },
        },
      },
      async (request) =>
        undoOccurrence(deps, currentUser(request).userId, request.params.id, request.params.occurrenceId),
    );
  };
}
