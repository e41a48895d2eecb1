import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import {
  cancelSubscriptionResponseSchema,
  checkoutSessionBodySchema,
  checkoutSessionResponseSchema,
  plansResponseSchema,
  portalSessionResponseSchema,
  subscriptionResponseSchema,
} from '../../../shared/schemas/billing.ts';
import { appUrlFor } from '../../lib/app-url.ts';
import { currentUser, requireUser } from '../auth/index.ts';
import { cancelAtPeriodEnd, openPortal, startCheckout, subscriptionStatus } from './billing.service.ts';
import type { Billing } from './billing-context.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const providerErrors = { ...errors, 409: errorBodySchema, 502: errorBodySchema };

/**
 * /api/billing/*: plans, the subscription status, checkout, portal and cancel. Outside the guarded
 * workspace scope on purpose: a read-only account must still be able to pay, cancel and open the portal.
 */
export function billingRoutes(billing: Billing): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/billing/plans',
      {
        schema: {
          tags: ['billing'],
          summary: 'The plan catalogue with this server’s price ids',
          response: { 200: plansResponseSchema },
        },
      },
      async () => ({ currency: 'usd' as const, testMode: billing.provider.testMode, plans: billing.plans }),
    );

    app.get(
      '/api/billing/subscription',
      {
        onRequest: requireUser,
        schema: {
          tags: ['billing'],
          summary: 'The current subscription (from our own records, never Stripe) and the profile',
          response: { 200: subscriptionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return subscriptionStatus(billing, currentUser(request).userId);
      },
    );

    app.post(
      '/api/billing/checkout-session',
      {
        onRequest: requireUser,
        schema: {
          tags: ['billing'],
          summary: 'Start a checkout for a plan (the yearly plan when no priceId is given)',
          description: 'The browser goes to `url`: Stripe Checkout, or in test mode our own test page.',
          body: checkoutSessionBodySchema,
          response: { 200: checkoutSessionResponseSchema, ...providerErrors },
        },
      },
      async (request) =>
        startCheckout(
          billing,
          currentUser(request),
          request.body?.priceId,
          request.log,
          appUrlFor(billing.deps.config, request),
        ),
    );

    app.post(
      '/api/billing/portal-session',
      {
        onRequest: requireUser,
        schema: {
          tags: ['billing'],
          summary: 'Open the billing portal (Stripe’s, or in test mode our own page)',
          response: { 200: portalSessionResponseSchema, ...providerErrors },
        },
      },
      async (request) => ({
        url: await openPortal(
          billing,
          currentUser(request).userId,
          request.log,
          appUrlFor(billing.deps.config, request),
        ),
      }),
    );

    app.post(
      '/api/billing/cancel',
      {
        onRequest: requireUser,
        schema: {
          tags: ['billing'],
          summary: 'Cancel the active subscription at the end of its period',
          response: { 200: cancelSubscriptionResponseSchema, ...providerErrors },
        },
      },
      async (request) => {
        await cancelAtPeriodEnd(billing, currentUser(request).userId, true, request.log);
        return { success: true as const };
      },
    );
  };
}
