import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import { reminderActionBodySchema, reminderActionResponseSchema } from '../../../shared/schemas/reminder.ts';
import type { AppDeps } from '../../deps.ts';
import { noStore } from '../../lib/route-support.ts';
import { runReminderAction } from './actions.service.ts';

/** Far above a person pressing notification buttons, well below guessing tokens. */
const actionLimit = { max: 30, timeWindow: '1 minute' };

/**
 * POST /api/reminders/actions: a notification's Done / Snooze / Tomorrow. Public: the service worker may
 * have no session, so the signed token in the notification is the authority (action-token.ts).
 */
export function reminderActionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);
    app.post(
      '/api/reminders/actions',
      {
        config: { rateLimit: actionLimit },
        schema: {
          tags: ['reminders'],
          summary: "Act on a task from its reminder's notification, with the notification's token",
          description:
            '`done` completes the task (again: no change), `snooze10` reminds again in 10 minutes, `tomorrow` ' +
            'moves the due date one day keeping the time. A bad token is 401 `invalid_token`; nothing is written.',
          body: reminderActionBodySchema,
          response: {
            200: reminderActionResponseSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            403: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      (request) => runReminderAction(deps, request.body.token, request.body.action),
    );
  };
}
