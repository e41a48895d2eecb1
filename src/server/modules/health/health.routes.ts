import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';

const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['sqlite', 'postgres']),
});

export function healthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness and database reachability',
          response: { 200: healthResponse, 503: healthResponse },
        },
      },
      async (request, reply) => {
        try {
          await pingDatabase(deps.database.db);
          return { status: 'ok' as const, database: deps.database.engine };
        } catch (error) {
          // The answer says only "unavailable"; whoever is paged by it finds the reason here.
          request.log.error(
            { err: error, event: 'health.unavailable', database: deps.database.engine },
            'health check answered 503: the database did not answer',
          );
          return reply.code(503).send({ status: 'unavailable' as const, database: deps.database.engine });
        }
      },
    );
  };
}
