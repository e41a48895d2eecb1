import Stripe from 'stripe';
import type { BillingProvider, ProviderSubscription } from './billing-provider.ts';
import { fromStripeSubscription } from './billing-provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  /** STRIPE_API_BASE: another address for Stripe's API (tests point it at a local fake). */
  apiBase?: string;
}

/** The SDK client, pointed at api.stripe.com or at STRIPE_API_BASE (host, port and protocol). */
export function createStripeClient(options: StripeProviderOptions): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** Real Stripe: Checkout in subscription mode, the hosted Customer Portal, subscriptions. */
export function stripeProvider(stripe: Stripe): BillingProvider {
  // The payment method is expanded so brand and last 4 come with the same read.
  const retrieve = async (id: string): Promise<ProviderSubscription> =>
    fromStripeSubscription(await stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] }));

  return {
    testMode: false,
    async createCustomer({ email, userId }) {
      const customer = await stripe.customers.create({ email, metadata: { user_id: userId } });
      return customer.id;
    },
    async createCheckoutSession(input) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.userId,
        line_items: [{ price: input.priceId, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: { user_id: input.userId },
        subscription_data: { metadata: { user_id: input.userId } },
      });
      if (!session.url) throw new Error(`checkout session ${session.id} came back without a url`);
      return { id: session.id, url: session.url };
    },
    async expireCheckoutSession(id) {
      const session = await stripe.checkout.sessions.retrieve(id);
      if (session.status === 'open') await stripe.checkout.sessions.expire(id);
    },
    retrieveSubscription: retrieve,
    async setCancelAtPeriodEnd(id, cancel) {
      const updated = await stripe.subscriptions.update(id, {
        cancel_at_period_end: cancel,
        expand: ['default_payment_method'],
      });
      return fromStripeSubscription(updated);
    },
    async cancelNow(id) {
      try {
        await stripe.subscriptions.cancel(id);
      } catch (error) {
        // Already cancelled or deleted at Stripe: the job's purpose is served (a retried job lands here).
        if ((error as { code?: string }).code === 'resource_missing') return;
        throw error;
      }
    },
    async createPortalSession({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },
  };
}
