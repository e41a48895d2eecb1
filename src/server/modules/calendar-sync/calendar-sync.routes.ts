import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import {
  calendarIntegrationSchema,
  calendarIntegrationsSchema,
  oauthCallbackBodySchema,
  oauthStartBodySchema,
  oauthStartSchema,
  syncTaskBodySchema,
  taskCalendarEventSchema,
  taskCalendarEventsSchema,
  updateIntegrationBodySchema,
} from '../../../shared/schemas/calendar-sync.ts';
import { idParamsSchema } from '../../../shared/schemas/notebook.ts';
import type { AppDeps } from '../../deps.ts';
import { noContent, noStore, readErrors, writeErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import {
  disconnectIntegration,
  finishOAuth,
  getIntegrations,
  setIntegrationActive,
  startOAuth,
} from './connections.service.ts';
import { getTaskEvents, syncTask } from './task-events.service.ts';

const tags = ['calendar-sync'];
/** Answers that reach a calendar provider: its refusal is a 502 with its message. */
const providerErrors = { ...writeErrors, 409: errorBodySchema, 429: errorBodySchema, 502: errorBodySchema };

const perUser = (request: FastifyRequest) => (request.auth ? `user:${request.auth.userId}` : request.ip);
/** Each of these calls a provider from the request: far above honest use, well below a flood. */
const providerLimit = { max: 60, timeWindow: '1 minute', keyGenerator: perUser };

/**
 * /api/calendar/* and a task's calendar events (docs/calendar-sync.md). Registered inside the guarded scope (app.ts):
 * reads are open to read-only accounts, writes need a writable one — except disconnecting, which is
 * `writeGuard: 'open'`: taking back a calendar grant must never wait for a payment.
 */
export function calendarSyncRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);

    app.get(
      '/api/calendar/integrations',
      {
        schema: {
          tags,
          summary: 'Connected calendars, and which providers this server offers',
          response: { 200: calendarIntegrationsSchema, ...readErrors },
        },
      },
      (request) => getIntegrations(deps, currentUser(request).userId),
    );

    app.post(
      '/api/calendar/oauth/start',
      {
        config: { rateLimit: providerLimit },
        schema: {
          tags,
          summary: "Start connecting Google or Outlook: the provider's consent page (PKCE, single-use state)",
          body: oauthStartBodySchema,
          response: { 200: oauthStartSchema, ...writeErrors, 429: errorBodySchema },
        },
      },
      (request) => startOAuth(deps, currentUser(request).userId, request.body),
    );

    app.post(
      '/api/calendar/oauth/callback',
      {
        config: { rateLimit: providerLimit },
        schema: {
          tags,
          summary: 'Finish connecting with what the provider sent back to its callback path',
          description:
            'An unknown, used, expired or another user\'s state is 400 "Invalid OAuth state", and so is ' +
            "an answer brought back at another provider's path than the state's, or whose `iss` is not " +
            'that provider\'s issuer; a refused code exchange is 502 "Failed to save calendar integration".',
          body: oauthCallbackBodySchema,
          response: {
            201: z.object({ integration: calendarIntegrationSchema }),
            ...providerErrors,
          },
        },
      },
      async (request, reply) => {
        const integration = await finishOAuth(deps, currentUser(request).userId, request.body);
        return reply.code(201).send({ integration });
      },
    );

    app.patch(
      '/api/calendar/integrations/:id',
      {
        schema: {
          tags,
          summary: 'Pause or resume syncing to a calendar',
          params: idParamsSchema,
          body: updateIntegrationBodySchema,
          response: { 200: calendarIntegrationSchema, ...writeErrors, 409: errorBodySchema },
        },
      },
      (request) => setIntegrationActive(deps, currentUser(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/api/calendar/integrations/:id',
      {
        config: { writeGuard: 'open' },
        schema: {
          tags,
          summary: 'Disconnect a calendar: its tokens are revoked and forgotten; its events stay',
          params: idParamsSchema,
          response: { 204: noContent, ...writeErrors },
        },
      },
      async (request, reply) => {
        await disconnectIntegration(deps, currentUser(request).userId, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/tasks/:id/calendar-events',
      {
        schema: {
          tags,
          summary: "A task's events on connected calendars, with their sync state",
          params: idParamsSchema,
          response: { 200: taskCalendarEventsSchema, ...readErrors },
        },
      },
      (request) => getTaskEvents(deps, currentUser(request).userId, request.params.id),
    );

    app.post(
      '/api/tasks/:id/calendar-events',
      {
        config: { rateLimit: providerLimit },
        schema: {
          tags,
          summary: 'Sync a task to a connected calendar now (201 the first time, 200 again)',
          description:
            'The provider is called in the request, so the answer has the event link. A provider failure ' +
            'is 502 with the provider\'s message or "Failed to sync with calendar".',
          params: idParamsSchema,
          body: syncTaskBodySchema,
          response: { 200: taskCalendarEventSchema, 201: taskCalendarEventSchema, ...providerErrors },
        },
      },
      async (request, reply) => {
        const { event, created } = await syncTask(
          deps,
          currentUser(request).userId,
          request.params.id,
          request.body,
        );
        return reply.code(created ? 201 : 200).send(event);
      },
    );
  };
}
