// Part of `npm run bench -- calendars`: the end-to-end time from a task change (PATCH answered) to the
// synced event updated on the calendar (the fake Google of src/server/test/fake-google.ts, over loopback
// HTTP), through the durable job the change writes and the worker it wakes. Target p95 ≤ 2 s.
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { DbEngine } from '../src/server/db/database.ts';
import { startFakeGoogle } from '../src/server/test/fake-google.ts';
import { formatMs, percentile } from './benchmark.ts';
import { benchDeps, benchToken, createBenchUser, openBenchDatabase } from './notes-api-setup.ts';

const changes = 50;
const targetMs = 2000;
const timeoutMs = 30_000;

/**
 * What the browser does on the fake's consent page: Allow, then what the callback screen at Google's
 * path posts (the redirect's code, state and iss).
 */
async function allow(authorizationUrl: string) {
  const url = new URL(authorizationUrl);
  const form = new URLSearchParams({
    redirect_uri: url.searchParams.get('redirect_uri') ?? '',
    state: url.searchParams.get('state') ?? '',
    code_challenge: url.searchParams.get('code_challenge') ?? '',
    scope: url.searchParams.get('scope') ?? '',
    decision: 'allow',
  });
  const answer = await fetch(new URL(url.pathname, url), { method: 'POST', body: form, redirect: 'manual' });
  const back = new URL(answer.headers.get('location') ?? '');
  return {
    provider: 'google',
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
    iss: back.searchParams.get('iss') ?? undefined,
  };
}

export async function benchCalendarSync(engine: DbEngine, adminUrl?: string): Promise<void> {
  const google = await startFakeGoogle();
  const database = await openBenchDatabase(engine, adminUrl);
  try {
    const base = benchDeps(database.handle, database.dataDir);
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: database.dataDir,
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_AUTH_BASE: google.url,
      GOOGLE_TOKEN_BASE: google.url,
      GOOGLE_API_BASE: google.url,
    });
    const deps = { ...base, config, mailer: { send: async () => {}, close: () => {} } };
    const app = await buildApp(deps);
    try {
      await app.ready();
      const userId = await createBenchUser(deps);
      const headers = { authorization: `Bearer ${await benchToken(deps, userId)}` };
      const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
        const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
        return res.json() as Record<string, unknown>;
      };
      const todo = await call('POST', '/api/todos', { title: 'Bench' });
      const task = await call('POST', '/api/tasks', { todoId: todo.id, text: 'Synced task' });
      const start = await call('POST', '/api/calendar/oauth/start', { provider: 'google', timeZone: 'UTC' });
      const callback = await call(
        'POST',
        '/api/calendar/oauth/callback',
        await allow(String(start.authorizationUrl)),
      );
      const integration = callback.integration as { id: string };
      const synced = await call('POST', `/api/tasks/${task.id}/calendar-events`, {
        integrationId: integration.id,
      });
      const eventOnGoogle = () => google.events().find((event) => event.id === synced.eventId);

      const endToEnd: number[] = [];
      const answers: number[] = [];
      for (let i = 0; i < changes; i++) {
        const day = `2031-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`;
        const expected = `${day}T09:00:00`;
        const began = performance.now();
        await call('PATCH', `/api/tasks/${task.id}`, { dueDate: day, text: `Synced task ${i}` });
        answers.push(performance.now() - began);
        while (
          eventOnGoogle()?.start.dateTime !== expected ||
          eventOnGoogle()?.summary !== `Synced task ${i}`
        ) {
          if (performance.now() - began > timeoutMs)
            throw new Error(`change ${i} never reached the calendar`);
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        endToEnd.push(performance.now() - began);
      }
      const sorted = endToEnd.sort((a, b) => a - b);
      const answered = answers.sort((a, b) => a - b);
      const p95 = percentile(sorted, 95);
      console.log(
        `  ${engine.padEnd(8)} task change → event updated on (fake) Google, ${changes} changes: p50 ${formatMs(percentile(sorted, 50))}  p95 ${formatMs(p95)}  (target ≤ ${targetMs} ms: ${p95 <= targetMs ? 'within' : 'OVER'})`,
      );
      console.log(
        `  ${engine.padEnd(8)} the PATCH answer itself (job written, no provider call): p50 ${formatMs(percentile(answered, 50))}  p95 ${formatMs(percentile(answered, 95))}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
    await google.close();
  }
}
