import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteInfoSchema } from '../../../shared/schemas/site.ts';
import type { AppDeps } from '../../deps.ts';

export function siteRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/site',
      {
        schema: {
          tags: ['system'],
          summary: 'Public site facts: support address, trial length and billing mode',
          response: { 200: siteInfoSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return {
          supportEmail: deps.config.SUPPORT_EMAIL,
          trialDays: deps.config.TRIAL_DAYS,
          billing: deps.config.billingMode,
        };
      },
    );
  };
}
