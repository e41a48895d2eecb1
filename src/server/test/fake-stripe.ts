import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's REST API billing uses, for the official SDK pointed at it
 * through STRIPE_API_BASE: form-encoded requests, JSON answers, Stripe's error shape. Tests set the
 * state Stripe would hold (subscriptions) and sign webhook bodies with the SDK's own test-header helper.
 */

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  created: number;
  items: { object: 'list'; data: Array<{ id: string; current_period_end: number; price: { id: string } }> };
  default_payment_method: {
    id: string;
    object: 'payment_method';
    card: { brand: string; last4: string };
  } | null;
  metadata: Record<string, string>;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  customer: string;
  status: 'open' | 'complete' | 'expired';
  url: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  requests: FakeRequest[];
  customers: Map<string, { id: string; email: string; metadata: Record<string, string> }>;
  subscriptions: Map<string, FakeSubscription>;
  /** Checkout sessions created, by id: `open` until expired (or marked `complete` by a test). */
  checkoutSessions: Map<string, FakeCheckoutSession>;
  /** Creates or replaces a subscription (what Stripe would hold after some change). */
  setSubscription(input: {
    id?: string;
    customer: string;
    status?: string;
    priceId: string;
    currentPeriodEnd: number;
    cancelAtPeriodEnd?: boolean;
    card?: { brand: string; last4: string } | null;
  }): FakeSubscription;
  /** The next `count` requests whose path starts with `prefix` answer 500. */
  failNext(prefix: string, count?: number): void;
  /** A signed webhook body and header, as Stripe would deliver `type` about `object`. */
  signedEvent(type: string, object: unknown, options?: { id?: string; secret?: string }): SignedEvent;
  close(): Promise<void>;
}

export interface SignedEvent {
  id: string;
  payload: string;
  signature: string;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  response.end(JSON.stringify(body));
}

const stripeError = (status: number, message: string, code?: string) => ({
  error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message, ...(code ? { code } : {}) },
});

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(8).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const requests: FakeRequest[] = [];
  const customers: FakeStripe['customers'] = new Map();
  const subscriptions: FakeStripe['subscriptions'] = new Map();
  const checkoutSessions: FakeStripe['checkoutSessions'] = new Map();
  const failures: Array<{ prefix: string; left: number }> = [];

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const params = method === 'GET' ? Object.fromEntries(url.searchParams) : await readForm(request);
    const path = url.pathname;
    requests.push({ method, path, params });

    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return send(response, 401, stripeError(401, 'Invalid API Key provided'));
    }
    const failure = failures.find((f) => f.left > 0 && path.startsWith(f.prefix));
    if (failure) {
      failure.left -= 1;
      return send(response, 500, stripeError(500, 'Fake Stripe was told to fail'));
    }

    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        email: params.email ?? '',
        metadata: { user_id: params['metadata[user_id]'] ?? '' },
      };
      customers.set(customer.id, customer);
      return send(response, 200, { object: 'customer', ...customer });
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (!params['line_items[0][price]']) return send(response, 400, stripeError(400, 'Missing price'));
      const id = newId('cs_test');
      const session: FakeCheckoutSession = {
        id,
        object: 'checkout.session',
        customer: params.customer ?? '',
        status: 'open',
        url: `https://checkout.stripe.test/c/pay/${id}`,
      };
      checkoutSessions.set(id, session);
      return send(response, 200, {
        ...session,
        mode: params.mode,
        client_reference_id: params.client_reference_id ?? null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        subscription: null,
      });
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionPath) {
      const session = checkoutSessions.get(decodeURIComponent(sessionPath[1] as string));
      if (!session)
        return send(response, 404, stripeError(404, 'No such checkout session', 'resource_missing'));
      if (method === 'POST' && sessionPath[2]) {
        // Stripe's own rule: only an open session can be expired.
        if (session.status !== 'open') {
          return send(response, 400, stripeError(400, 'Only open Checkout Sessions can be expired'));
        }
        session.status = 'expired';
      }
      return send(response, 200, session);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = newId('bps');
      return send(response, 200, {
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url,
        url: `https://billing.stripe.test/p/session/${id}`,
      });
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionPath) {
      const subscription = subscriptions.get(decodeURIComponent(subscriptionPath[1] as string));
      if (!subscription)
        return send(response, 404, stripeError(404, 'No such subscription', 'resource_missing'));
      if (method === 'POST' && params.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
      }
      if (method === 'DELETE') subscription.status = 'canceled';
      return send(response, 200, subscription);
    }
    return send(response, 404, stripeError(404, `Unrecognized request URL (${method}: ${path})`));
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => send(response, 500, stripeError(500, error.message)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    requests,
    customers,
    subscriptions,
    checkoutSessions,
    setSubscription(input) {
      const id = input.id ?? newId('sub');
      const previous = subscriptions.get(id);
      const subscription: FakeSubscription = {
        id,
        object: 'subscription',
        customer: input.customer,
        status: input.status ?? 'active',
        cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
        cancel_at: null,
        created: previous?.created ?? Math.floor(Date.now() / 1000),
        items: {
          object: 'list',
          data: [
            { id: newId('si'), current_period_end: input.currentPeriodEnd, price: { id: input.priceId } },
          ],
        },
        default_payment_method:
          input.card === null
            ? null
            : {
                id: newId('pm'),
                object: 'payment_method',
                card: input.card ?? { brand: 'visa', last4: '4242' },
              },
        metadata: {},
      };
      subscriptions.set(id, subscription);
      return subscription;
    },
    failNext(prefix, count = 1) {
      failures.push({ prefix, left: count });
    },
    signedEvent(type, object, options = {}) {
      const id = options.id ?? newId('evt');
      const payload = JSON.stringify({
        id,
        object: 'event',
        type,
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
      });
      return { id, payload, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
