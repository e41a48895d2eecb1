import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import { contactRequestSchema, contactResponseSchema } from '../../../shared/schemas/contact.ts';
import type { AppDeps } from '../../deps.ts';
import { submitContactMessage } from './contact.service.ts';

export interface ContactRoutesOptions {
  /** Per-IP limit on POST /api/contact (default 5 per 10 minutes); a test app may pass a smaller one. */
  rateLimit?: { max: number; timeWindow: string | number };
}

const defaultRateLimit = { max: 5, timeWindow: '10 minutes' };
const windowText = (window: string | number) => (typeof window === 'number' ? `${window} ms` : window);

export function contactRoutes(deps: AppDeps, options: ContactRoutesOptions = {}): FastifyPluginAsyncZod {
  const rateLimit = options.rateLimit ?? defaultRateLimit;
  return async (app) => {
    app.post(
      '/api/contact',
      {
        // The only write open to anonymous visitors; a per-IP limit keeps it from becoming a mail cannon.
        config: { rateLimit },
        schema: {
          tags: ['contact'],
          summary: 'Send a message to the support team',
          description:
            'Stores the message and mails it to the support address with Reply-To set to the sender. ' +
            `Limited to ${rateLimit.max} messages per client address per ${windowText(rateLimit.timeWindow)}.`,
          body: contactRequestSchema,
          response: { 201: contactResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
        },
      },
      async (request, reply) => {
        await submitContactMessage(deps, request.body, { ip: request.ip, log: request.log });
        return reply.code(201).send({ received: true as const });
      },
    );
  };
}
