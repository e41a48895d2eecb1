import {
  cancelSubscriptionResponseSchema,
  checkoutSessionResponseSchema,
  plansResponseSchema,
  portalSessionResponseSchema,
  redirectResponseSchema,
  subscriptionResponseSchema,
  testCheckoutResponseSchema,
  testPortalResponseSchema,
} from '../../../shared/schemas/billing.ts';
import { siteInfoSchema } from '../../../shared/schemas/site.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** The billing API as the client calls it (contract: /api/billing/*); every answer is schema-checked. */

export const billingKeys = {
  plans: ['billing', 'plans'] as const,
  subscription: ['billing', 'subscription'] as const,
  site: ['site'] as const,
  testCheckout: (sessionId: string) => ['billing', 'test-checkout', sessionId] as const,
};

const testMode = '/api/billing/test-mode';

export const billingApi = {
  /** The public site facts; billing reads its `billing` mode (stripe, test or off). */
  site: (signal?: AbortSignal) => apiRequest('/api/site', siteInfoSchema, { signal }),
  plans: (signal?: AbortSignal) => apiRequest('/api/billing/plans', plansResponseSchema, { signal }),
  subscription: (signal?: AbortSignal) =>
    apiRequest('/api/billing/subscription', subscriptionResponseSchema, { signal }),
  /** No price id means the yearly plan (spec: startCheckout defaults to yearly). */
  startCheckout: (priceId?: string) =>
    apiRequest('/api/billing/checkout-session', checkoutSessionResponseSchema, {
      method: 'POST',
      body: priceId ? { priceId } : {},
    }),
  portalSession: () =>
    apiRequest('/api/billing/portal-session', portalSessionResponseSchema, { method: 'POST', body: {} }),
  cancel: () =>
    apiRequest('/api/billing/cancel', cancelSubscriptionResponseSchema, { method: 'POST', body: {} }),

  // Built-in test mode: our own stand-ins for Stripe's hosted checkout and portal.
  testCheckout: (sessionId: string, signal?: AbortSignal) =>
    apiRequest(`${testMode}/checkout/${encodeURIComponent(sessionId)}`, testCheckoutResponseSchema, {
      signal,
    }),
  testPay: (sessionId: string) =>
    apiRequest(`${testMode}/checkout/${encodeURIComponent(sessionId)}/pay`, redirectResponseSchema, {
      method: 'POST',
      body: {},
    }),
  testCancelCheckout: (sessionId: string) =>
    apiRequest(`${testMode}/checkout/${encodeURIComponent(sessionId)}/cancel`, redirectResponseSchema, {
      method: 'POST',
      body: {},
    }),
  testPortal: (action: 'cancel' | 'resume' | 'end-period') =>
    apiRequest(`${testMode}/portal/${action}`, testPortalResponseSchema, { method: 'POST', body: {} }),
};
