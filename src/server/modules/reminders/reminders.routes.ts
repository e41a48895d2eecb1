import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import { idParamsSchema } from '../../../shared/schemas/notebook.ts';
import {
  defaultReminderBodySchema,
  defaultReminderResponseSchema,
  deletePushSubscriptionBodySchema,
  publicKeyResponseSchema,
  pushSubscriptionBodySchema,
  putRemindersBodySchema,
  remindersResponseSchema,
} from '../../../shared/schemas/reminder.ts';
import type { AppDeps } from '../../deps.ts';
import { noStore, readErrors, writeErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import { publicKey, subscribe, unsubscribe } from './push.service.ts';
import {
  getDefaultReminder,
  getTaskReminders,
  replaceTaskReminders,
  setDefaultReminder,
} from './reminders.service.ts';

const tags = ['reminders'];
const ok = { ok: true as const };

/**
 * A task's reminders, the browser's push subscription and the default reminder. Registered inside the
 * guarded scope (app.ts): writes need a writable account, except unsubscribing (taking notifications
 * away must never wait for a payment).
 */
export function reminderRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);

    app.get(
      '/api/tasks/:id/reminders',
      {
        schema: {
          tags,
          summary: "A task's reminders with their fire times",
          params: idParamsSchema,
          response: { 200: remindersResponseSchema, ...readErrors },
        },
      },
      async (request) => ({
        reminders: await getTaskReminders(deps, currentUser(request).userId, request.params.id),
      }),
    );

    app.put(
      '/api/tasks/:id/reminders',
      {
        schema: {
          tags,
          summary: "Replace a task's reminders (at most 5; the task needs a due date)",
          description: 'An all-day task\'s "at due time" is 09:00 in the account\'s time zone.',
          params: idParamsSchema,
          body: putRemindersBodySchema,
          response: { 200: remindersResponseSchema, ...writeErrors },
        },
      },
      async (request) => ({
        reminders: await replaceTaskReminders(
          deps,
          currentUser(request).userId,
          request.params.id,
          request.body.reminders,
        ),
      }),
    );

    app.get(
      '/api/push/public-key',
      {
        schema: {
          tags,
          summary: 'The VAPID public key to subscribe with',
          response: { 200: publicKeyResponseSchema, ...readErrors },
        },
      },
      async () => ({ publicKey: publicKey(deps) }),
    );

    app.post(
      '/api/push/subscriptions',
      {
        schema: {
          tags,
          summary: "Save this browser's push subscription (PushSubscription.toJSON()); again replaces it",
          body: pushSubscriptionBodySchema,
          response: { 200: okResponseSchema, ...writeErrors },
        },
      },
      async (request) => {
        await subscribe(deps, currentUser(request).userId, request.body, request.headers['user-agent']);
        return ok;
      },
    );

    app.delete(
      '/api/push/subscriptions',
      {
        config: { writeGuard: 'open' },
        schema: {
          tags,
          summary: "Forget this browser's push subscription",
          body: deletePushSubscriptionBodySchema,
          response: { 200: okResponseSchema, ...writeErrors },
        },
      },
      async (request) => {
        await unsubscribe(deps, currentUser(request).userId, request.body.endpoint);
        return ok;
      },
    );

    app.get(
      '/api/account/default-reminder',
      {
        schema: {
          tags,
          summary: 'The reminder new tasks get',
          response: { 200: defaultReminderResponseSchema, ...readErrors },
        },
      },
      async (request) => ({ minutes: await getDefaultReminder(deps, currentUser(request).userId) }),
    );

    app.put(
      '/api/account/default-reminder',
      {
        schema: {
          tags,
          summary: 'Set the reminder new tasks get (minutes before the due time; null = none)',
          body: defaultReminderBodySchema,
          response: { 200: defaultReminderResponseSchema, ...writeErrors },
        },
      },
      async (request) => {
        await setDefaultReminder(deps, currentUser(request).userId, request.body.minutes);
        return { minutes: request.body.minutes };
      },
    );
  };
}
