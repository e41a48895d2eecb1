// Billing (docs/performance.md): p50/p95 of Stripe webhook handling (signature check, a fresh read of the
// subscription from Stripe, one transaction) and of GET /api/billing/subscription (our own table,
// never Stripe), on SQLite. The SDK talks to the local fake Stripe over loopback HTTP, in this process.
// Figures only, never asserted; targets from the issue: webhook p95 ≤ 20 ms, status p95 ≤ 5 ms.
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { startFakeStripe } from '../src/server/test/fake-stripe.ts';
import { type Benchmark, formatMs, measure } from './benchmark.ts';
import { benchDeps, benchToken, createBenchUser, openBenchDatabase } from './notes-api-setup.ts';

const users = 50;
const webhookRuns = 500;
const statusRuns = 2000;
const prices = { monthly: 'price_bench_monthly', yearly: 'price_bench_yearly' };

async function runBillingBench(): Promise<void> {
  const fake = await startFakeStripe();
  const database = await openBenchDatabase('sqlite');
  try {
    const base = benchDeps(database.handle, database.dataDir);
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: database.dataDir,
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_PRICE_MONTHLY: prices.monthly,
      STRIPE_PRICE_YEARLY: prices.yearly,
      STRIPE_API_BASE: fake.url,
    });
    // Confirmation mails are not what is measured: a mailer that drops them.
    const deps = { ...base, config, mailer: { send: async () => {}, close: () => {} } };
    const app = await buildApp(deps);
    await app.ready();

    const now = Math.floor(Date.now() / 1000);
    const accounts: Array<{ userId: string; customerId: string; subscriptionId: string }> = [];
    for (let i = 0; i < users; i++) {
      const userId = await createBenchUser(deps);
      const customerId = `cus_bench_${i}`;
      await deps.database.db
        .insertInto('billing_customers')
        .values({ user_id: userId, stripe_customer_id: customerId, created_at: new Date().toISOString() })
        .execute();
      const subscription = fake.setSubscription({
        customer: customerId,
        priceId: prices.yearly,
        currentPeriodEnd: now + 365 * 86400,
      });
      accounts.push({ userId, customerId, subscriptionId: subscription.id });
    }

    // Every delivery is a new event (new id) about one of the subscriptions, signed as Stripe signs.
    const webhook = await measure(webhookRuns, async (i) => {
      const account = accounts[i % users] as (typeof accounts)[number];
      const event = fake.signedEvent(
        'customer.subscription.updated',
        fake.subscriptions.get(account.subscriptionId),
      );
      const res = await app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.payload,
      });
      if (res.statusCode !== 200) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
      return res.body.length;
    });

    const tokens = await Promise.all(accounts.map((a) => benchToken(deps, a.userId)));
    const status = await measure(statusRuns, async (i) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/billing/subscription',
        headers: { authorization: `Bearer ${tokens[i % users]}` },
      });
      if (res.statusCode !== 200) throw new Error(`status: ${res.statusCode} ${res.body}`);
      return res.body.length;
    });

    // The floor under any webhook: one committed SQLite transaction (synchronous=FULL: a disk flush).
    const floor = await measure(200, async (i) => {
      await deps.database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('billing_events')
          .values({ event_id: `evt_floor_${i}`, type: 'bench', processed_at: new Date().toISOString() })
          .execute();
      });
      return 0;
    });

    console.log(`  SQLite, in-process inject, ${users} subscribed accounts, fake Stripe on loopback HTTP`);
    console.log(
      `    POST /api/billing/webhook        p50 ${formatMs(webhook.p50)}   p95 ${formatMs(webhook.p95)}` +
        `   (${webhookRuns} events; target p95 ≤ 20 ms)`,
    );
    console.log(
      `    GET  /api/billing/subscription   p50 ${formatMs(status.p50)}   p95 ${formatMs(status.p95)}` +
        `   (${statusRuns} calls, ${status.bytes} B; target p95 ≤ 5 ms)`,
    );
    console.log(
      `    one-insert transaction (floor)   p50 ${formatMs(floor.p50)}   p95 ${formatMs(floor.p95)}` +
        '   (the commit a webhook cannot avoid)',
    );
    await app.close();
  } finally {
    await fake.close();
    await database.dispose();
  }
}

export const billingBenchmark: Benchmark = {
  name: 'billing',
  title: 'Stripe webhook handling and the subscription-status call (p50/p95, SQLite)',
  run: runBillingBench,
};
