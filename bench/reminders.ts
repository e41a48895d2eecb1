// `npm run bench -- reminders` (or `-- plan`, with the other plan-the-day figures): 10,000 reminders due within one minute, sent by
// the app's job worker as encrypted, VAPID-signed Web Push to a local push service on loopback HTTP.
// Prints how late the reminders were claimed after their fire instants (p50/p95/max) and how long the
// last push took to arrive after the last fire instant. Figures only, no assertion.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { DbEngine } from '../src/server/db/database.ts';
import type { AppDeps } from '../src/server/deps.ts';
import { reminderFireJob } from '../src/server/modules/reminders/index.ts';
import { type Benchmark, formatMs, percentile } from './benchmark.ts';
import { benchDeps, createBenchUser, openBenchDatabase } from './notes-api-setup.ts';
import { type BenchServer, startBenchServer } from './server-process.ts';

const reminders = 10_000;
const users = 100;
const spreadMs = 60_000;
const leadMs = 40_000;
const timeoutMs = 10 * 60_000;

/** A push service that only counts (the test one decrypts each push: too costly in this process). */
async function countingPushService() {
  let received = 0;
  let lastAt = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      lastAt = Date.now();
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    stats: () => ({ received, lastAt }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One browser's keys, as a real subscription has (web-push encrypts for them). */
function browserKeys() {
  const keys = webpush.generateVAPIDKeys();
  return { p256dh: keys.publicKey, auth: randomUUID().replaceAll('-', '').slice(0, 22) };
}

/**
 * Users with one subscription each and their tasks with one reminder each, fire instants spread evenly
 * over a minute starting `leadMs` from now, written as the app would (rows and their jobs) but directly.
 */
async function seed(deps: AppDeps, pushOrigin: string): Promise<number> {
  const { db } = deps.database;
  const firstFire = Date.now() + leadMs;
  for (let u = 0; u < users; u++) {
    const userId = await createBenchUser(deps);
    const at = new Date().toISOString();
    const todoId = randomUUID();
    const categoryId = randomUUID();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('todos')
        .values({
          id: todoId,
          user_id: userId,
          title: 'Bench',
          color: '#2563eb',
          position: 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await trx
        .insertInto('todo_categories')
        .values({
          id: categoryId,
          todo_id: todoId,
          user_id: userId,
          title: 'Bench',
          position: 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await trx
        .insertInto('push_subscriptions')
        .values({
          id: randomUUID(),
          user_id: userId,
          endpoint: `${pushOrigin}/push/${u}`,
          ...browserKeys(),
          created_at: at,
        })
        .execute();
      // Rows in one statement per user and table: seeding must end well before the first fire instant.
      const rows = Array.from({ length: reminders / users }, (_, i) => {
        const n = u * (reminders / users) + i;
        const fireAt = new Date(firstFire + Math.floor((n * spreadMs) / reminders)).toISOString();
        return { n, i, fireAt, taskId: randomUUID(), id: randomUUID() };
      });
      await trx
        .insertInto('todo_items')
        .values(
          rows.map(({ n, i, fireAt, taskId }) => ({
            id: taskId,
            category_id: categoryId,
            todo_id: todoId,
            user_id: userId,
            text: `Reminder ${n}`,
            completed: 0,
            due_date: fireAt.slice(0, 10),
            due_time: null,
            priority: 'medium',
            estimated_time: null,
            position: i,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      await trx
        .insertInto('task_reminders')
        .values(
          rows.map(({ fireAt, taskId, id }) => ({
            id,
            user_id: userId,
            task_id: taskId,
            kind: 'snooze',
            offset_minutes: 0,
            fire_at: fireAt,
            fired_at: null,
            sent_via: null,
            created_at: at,
          })),
        )
        .execute();
      for (const { fireAt, id } of rows) {
        await reminderFireJob.enqueue(
          trx,
          new Date(),
          { reminderId: id, fireAt },
          { runAt: new Date(fireAt), dedupeKey: `reminder:${id}:${fireAt}` },
        );
      }
    });
  }
  if (Date.now() > firstFire)
    console.log('  (seeding ended after the first fire instant: lateness includes it)');
  return firstFire;
}

/**
 * How late each fired reminder was claimed, and how many pushes arrived: once every reminder has, a few
 * seconds more, so a reminder sent twice (by two instances) would show as more pushes than reminders.
 */
async function settle(
  deps: AppDeps,
  push: Awaited<ReturnType<typeof countingPushService>>,
  label: string,
  firstFire: number,
) {
  const deadline = Date.now() + timeoutMs;
  while (push.stats().received < reminders && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const rows = await deps.database.db
    .selectFrom('task_reminders')
    .select(['fire_at', 'fired_at'])
    .where('fired_at', 'is not', null)
    .execute();
  const lateness = rows
    .map((row) => Date.parse(row.fired_at ?? '') - Date.parse(row.fire_at ?? ''))
    .sort((a, b) => a - b);
  const { received, lastAt } = push.stats();
  console.log(
    `  ${label}: ${received}/${reminders} pushes received (${Math.max(0, received - reminders)} twice); ` +
      `claimed late by p50 ${formatMs(percentile(lateness, 50))}, ` +
      `p95 ${formatMs(percentile(lateness, 95))}, max ${formatMs(lateness.at(-1) ?? Number.NaN)}; ` +
      `last push ${formatMs(lastAt - (firstFire + spreadMs))} after the last fire instant`,
  );
}

/**
 * Several instances on one PostgreSQL, each its own process with its own job worker (as behind nginx:
 * the proxy plays no part in jobs, which each instance claims from the shared queue).
 */
async function benchInstances(adminUrl: string, instances: number): Promise<void> {
  const push = await countingPushService();
  const database = await openBenchDatabase('postgres', adminUrl);
  const vapid = webpush.generateVAPIDKeys();
  const servers: BenchServer[] = [];
  try {
    const deps = benchDeps(database.handle, database.dataDir);
    const seeded = performance.now();
    const firstFire = await seed(deps, push.origin);
    console.log(
      `  postgres ×${instances}: seeded ${reminders} reminders in ${formatMs(performance.now() - seeded)}`,
    );
    const env = {
      BENCH_DB_OPTIONS: JSON.stringify(database.options),
      BENCH_DATA_DIR: database.dataDir,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    };
    for (let i = 0; i < instances; i++) servers.push(await startBenchServer('app', { env }));
    await settle(deps, push, `postgres, ${instances} instances`, firstFire);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.dispose();
    await push.close();
  }
}

async function benchEngine(engine: DbEngine, adminUrl?: string): Promise<void> {
  const push = await countingPushService();
  const database = await openBenchDatabase(engine, adminUrl);
  const vapid = webpush.generateVAPIDKeys();
  try {
    const base = benchDeps(database.handle, database.dataDir);
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: database.dataDir,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    });
    const deps = { ...base, config, mailer: { send: async () => {}, close: () => {} } };
    const seeded = performance.now();
    const firstFire = await seed(deps, push.origin);
    console.log(`  ${engine}: seeded ${reminders} reminders in ${formatMs(performance.now() - seeded)}`);
    const app = await buildApp(deps);
    try {
      await app.ready();
      await settle(deps, push, engine, firstFire);
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
    await push.close();
  }
}

export const remindersBenchmark: Benchmark = {
  name: 'reminders',
  title:
    '10,000 reminders due within one minute, pushed to a local push service (lateness p50/p95/max; on PostgreSQL also two server processes)',
  async run() {
    await benchEngine('sqlite');
    const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (pgUrl) {
      await benchEngine('postgres', pgUrl);
      await benchInstances(pgUrl, 2);
    } else console.log('  postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
  },
};
