import { z } from 'zod';
import { messages } from '../messages.ts';
import { profileSchema } from './auth.ts';

/**
 * Billing: request and response shapes of /api/billing/* (plans, subscription status, checkout,
 * portal, cancel and the built-in test mode). The webhook body is Stripe's and is not described here.
 */

/**
 * How this server bills (BILLING): `stripe` (real payments), `test` (the built-in test checkout, no real
 * payment) or `off` (no trial, no billing: every account may write; the client hides billing altogether).
 */
export const billingModes = ['stripe', 'test', 'off'] as const;
export const billingModeSchema = z.enum(billingModes);
export type BillingMode = z.infer<typeof billingModeSchema>;

export const planIdSchema = z.enum(['monthly', 'yearly']);
export type PlanIdValue = z.infer<typeof planIdSchema>;

export const planSchema = z.object({
  id: planIdSchema,
  priceId: z.string(),
  name: z.enum(['Monthly Plan', 'Yearly Plan']),
  description: z.enum(['Billed monthly', 'Billed annually']),
  price: z.union([z.literal(5), z.literal(50)]),
  interval: z.enum(['month', 'year']),
  monthlyEquivalent: z.number().nullable(),
  savings: z.number().nullable(),
  savingsPercentage: z.number().nullable(),
  popular: z.boolean(),
});
export type PlanEntry = z.infer<typeof planSchema>;

export const plansResponseSchema = z.object({
  currency: z.literal('usd'),
  /** True with BILLING=test: checkout and portal are our own pages. */
  testMode: z.boolean(),
  plans: z.array(planSchema),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/** Stripe's subscription statuses (docs/PRODUCT.md §4 names the first five; Stripe has the others too). */
export const subscriptionStatusSchema = z.enum([
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const subscriptionSchema = z.object({
  status: subscriptionStatusSchema,
  /** Epoch seconds, as Stripe gives it. */
  currentPeriodEnd: z.number().int(),
  cancelAtPeriodEnd: z.boolean(),
  priceId: z.string(),
  planId: planIdSchema.nullable(),
  paymentMethodBrand: z.string().nullable(),
  paymentMethodLast4: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionResponseSchema = z.object({
  subscription: subscriptionSchema.nullable(),
  /**
   * Subscriptions that will also bill, beyond `subscription` (one made out of band, or two checkouts
   * paid at once). Kept and shown rather than silently dropped: the person cancels them in the portal.
   */
  extraSubscriptions: z.number().int().min(0).default(0),
  profile: profileSchema,
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** The body may be absent altogether (no plan chosen: the yearly plan). */
export const checkoutSessionBodySchema = z.preprocess(
  (value) => value ?? {},
  z.object({
    /** Missing means the yearly plan. */
    priceId: z.string({ error: messages.billing.unknownPrice }).min(1).max(200).optional(),
  }),
);
export type CheckoutSessionBody = z.infer<typeof checkoutSessionBodySchema>;

export const checkoutSessionResponseSchema = z.object({ sessionId: z.string(), url: z.string() });
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

export const portalSessionResponseSchema = z.object({ url: z.string() });
export type PortalSessionResponse = z.infer<typeof portalSessionResponseSchema>;

export const cancelSubscriptionResponseSchema = z.object({ success: z.literal(true) });
export type CancelSubscriptionResponse = z.infer<typeof cancelSubscriptionResponseSchema>;

// ---- Built-in test mode (only with BILLING=test) ----

export const testCheckoutParamsSchema = z.object({ sessionId: z.string().min(1).max(200) });
export type TestCheckoutParams = z.infer<typeof testCheckoutParamsSchema>;

export const testCheckoutStatusSchema = z.enum(['open', 'complete', 'expired']);

export const testCheckoutResponseSchema = z.object({
  sessionId: z.string(),
  plan: planSchema,
  email: z.string(),
  status: testCheckoutStatusSchema,
});
export type TestCheckoutResponse = z.infer<typeof testCheckoutResponseSchema>;

export const redirectResponseSchema = z.object({ redirectUrl: z.string() });
export type RedirectResponse = z.infer<typeof redirectResponseSchema>;

export const testPortalResponseSchema = z.object({ subscription: subscriptionSchema.nullable() });
export type TestPortalResponse = z.infer<typeof testPortalResponseSchema>;
