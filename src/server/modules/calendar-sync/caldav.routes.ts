import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import {
  caldavCredentialsSchema,
  caldavDiscoverySchema,
  calendarIntegrationSchema,
  connectCaldavBodySchema,
} from '../../../shared/schemas/calendar-sync.ts';
import type { AppDeps } from '../../deps.ts';
import { noStore, writeErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import { connectCaldav, discoverCaldav } from './caldav.service.ts';

const tags = ['calendar-sync'];

/**
 * Each call makes our server sign in to an address the user typed, so it is limited per user: far
 * above a person trying a few addresses, far below using us to probe a network. Read on every request,
 * so a test can change it.
 */
export const caldavRateLimit = { max: 30, timeWindow: '10 minutes' };
const perUser = (request: FastifyRequest) => (request.auth ? `user:${request.auth.userId}` : request.ip);
const rateLimit = {
  max: () => caldavRateLimit.max,
  timeWindow: caldavRateLimit.timeWindow,
  keyGenerator: perUser,
};

const errors = { ...writeErrors, 429: errorBodySchema } as const;

/**
 * /api/calendar/caldav*: connecting a CalDAV calendar. Registered inside the guarded scope (app.ts), so
 * both need a signed-in, writable account (discovery exists only to connect). The password is in the
 * request body only: no answer, log line or export carries it.
 */
export function caldavRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);
    app.post(
      '/api/calendar/caldav/discover',
      {
        config: { rateLimit },
        schema: {
          tags,
          summary: "Sign in to a CalDAV server and list the account's calendars that hold events",
          description:
            'Field errors: `serverUrl` when nothing answers as CalDAV there, or the address is on this ' +
            'machine or a private network not listed in CALDAV_ALLOWED_HOSTS (one message for all of ' +
            'these), or the account has no event calendars; `password` when the server refuses the ' +
            'user name and password.',
          body: caldavCredentialsSchema,
          response: { 200: caldavDiscoverySchema, ...errors },
        },
      },
      (request) => discoverCaldav(deps, request.body),
    );

    app.post(
      '/api/calendar/caldav',
      {
        config: { rateLimit },
        schema: {
          tags,
          summary: 'Connect one discovered CalDAV calendar (the server is asked again before storing)',
          body: connectCaldavBodySchema,
          response: { 201: z.object({ integration: calendarIntegrationSchema }), ...errors },
        },
      },
      async (request, reply) => {
        const integration = await connectCaldav(deps, currentUser(request).userId, request.body);
        return reply.code(201).send({ integration });
      },
    );
  };
}
