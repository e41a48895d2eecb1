import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import {
  redirectResponseSchema,
  testCheckoutParamsSchema,
  testCheckoutResponseSchema,
  testPortalResponseSchema,
} from '../../../shared/schemas/billing.ts';
import { currentUser, requireUser } from '../auth/index.ts';
import type { Billing } from './billing-context.ts';
import {
  cancelTestCheckout,
  currentSubscriptionOf,
  endTestPeriod,
  payTestCheckout,
  setTestCancel,
  testCheckout,
} from './test-mode.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * /api/billing/test-mode/*: the built-in test mode's checkout and portal actions. Registered only with
 * BILLING=test, so in the other modes these paths do not exist (404).
 */
export function testModeRoutes(billing: Billing): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['billing (test mode)'];
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/api/billing/test-mode/checkout/:sessionId',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: 'A test checkout session: its plan and state',
          params: testCheckoutParamsSchema,
          response: { 200: testCheckoutResponseSchema, ...errors },
        },
      },
      async (request) => testCheckout(billing, currentUser(request), request.params.sessionId),
    );

    app.post(
      '/api/billing/test-mode/checkout/:sessionId/pay',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: 'Pay a test checkout (no real payment): the subscription becomes active',
          params: testCheckoutParamsSchema,
          response: { 200: redirectResponseSchema, ...errors },
        },
      },
      async (request) =>
        payTestCheckout(billing, currentUser(request).userId, request.params.sessionId, request.log),
    );

    app.post(
      '/api/billing/test-mode/checkout/:sessionId/cancel',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: 'Leave a test checkout without paying',
          params: testCheckoutParamsSchema,
          response: { 200: redirectResponseSchema, ...errors },
        },
      },
      async (request) => cancelTestCheckout(billing, currentUser(request).userId, request.params.sessionId),
    );

    const portalAction = (
      path: string,
      summary: string,
      act: (userId: string, log: typeof app.log) => Promise<void>,
    ) =>
      app.post(
        `/api/billing/test-mode/portal/${path}`,
        {
          onRequest: requireUser,
          schema: { tags, summary, response: { 200: testPortalResponseSchema, ...errors } },
        },
        async (request) => {
          const userId = currentUser(request).userId;
          await act(userId, request.log);
          return { subscription: await currentSubscriptionOf(billing, userId) };
        },
      );
    portalAction('cancel', 'Test portal: cancel at period end', (userId) =>
      setTestCancel(billing, userId, true),
    );
    portalAction('resume', 'Test portal: undo cancel at period end', (userId) =>
      setTestCancel(billing, userId, false),
    );
    portalAction('end-period', 'Test portal: the current period ends now', (userId, log) =>
      endTestPeriod(billing, userId, log),
    );
  };
}
