import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { badRequest } from '../../app-error.ts';
import type { Billing } from './billing-context.ts';
import type { BillingEvent } from './billing-events.ts';

const webhookResponseSchema = z.object({ received: z.literal(true) });

/**
 * POST /api/billing/webhook: Stripe's signed events. The signature covers the exact bytes Stripe sent,
 * so this route (and only this one: the parser is scoped to this plugin) takes the body as a Buffer.
 * Bad or missing signature: 400 and nothing written. A handler failure answers 5xx and Stripe retries;
 * the event's processed row is written with its effect, so a retry is handled as if it were the first.
 */
export function webhookRoutes(billing: Billing): FastifyPluginAsyncZod {
  const secret = billing.deps.config.STRIPE_WEBHOOK_SECRET;
  return async (app) => {
    const asBuffer = (_request: unknown, body: Buffer, done: (err: null, body: Buffer) => void) =>
      done(null, body);
    // The signature covers the exact bytes: the app's JSON parser (plugins/json-body.ts) is replaced here.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, asBuffer);
    app.addContentTypeParser('*', { parseAs: 'buffer' }, asBuffer);

    app.post(
      '/api/billing/webhook',
      {
        schema: {
          tags: ['billing'],
          summary: 'Stripe webhook endpoint (Stripe-Signature required)',
          description:
            'Events: checkout.session.completed, customer.subscription.created/updated/deleted, ' +
            'invoice.paid, invoice.payment_failed. Others are acknowledged and ignored.',
          response: { 200: webhookResponseSchema, 400: errorBodySchema, 500: errorBodySchema },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = request.body;
        if (!secret || typeof signature !== 'string' || !Buffer.isBuffer(body)) {
          if (!secret) {
            // With Stripe configured this loses payments (an error); in test mode nobody should call it.
            const level = billing.provider.testMode ? 'warn' : 'error';
            request.log[level]('billing webhook refused: STRIPE_WEBHOOK_SECRET is not set');
          }
          throw badRequest(messages.billing.invalidSignature);
        }
        let event: BillingEvent;
        try {
          event = Stripe.webhooks.constructEvent(body, signature, secret);
        } catch (error) {
          request.log.warn({ err: error }, 'billing webhook refused: bad signature');
          throw badRequest(messages.billing.invalidSignature);
        }
        const outcome = await billing.handle(event, request.log);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'billing webhook handled');
        return { received: true as const };
      },
    );
  };
}
