// `npm run bench -- calendars`: the private calendar feed (docs/performance.md) for an account with 1,000
// tasks that have due dates (and 1,000 subtasks): the full body, and the 304 a calendar app gets when
// nothing changed. In-process (app.inject), on SQLite and, when a PostgreSQL URL is set, PostgreSQL.
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/server/app.ts';
import type { DbEngine } from '../src/server/db/database.ts';
import { type Benchmark, formatKb, formatMs, measure } from './benchmark.ts';
import { benchCalendarSync } from './calendar-sync.bench.ts';
import { benchDeps, benchToken, createBenchUser, openBenchDatabase } from './notes-api-setup.ts';

const shape = { categories: 10, tasks: 1000, subtasksPerTask: 1 };
const targetMs = 50;
const runs = 50;

async function benchEngine(engine: DbEngine, adminUrl?: string): Promise<void> {
  const database = await openBenchDatabase(engine, adminUrl);
  try {
    const base = benchDeps(database.handle, database.dataDir);
    const deps = { ...base, mailer: { send: async () => {}, close: () => {} } };
    const app = await buildApp(deps);
    try {
      await app.ready();
      const userId = await createBenchUser(deps);
      const at = new Date().toISOString();
      const stamp = { user_id: userId, created_at: at, updated_at: at };
      const todoId = randomUUID();
      const categoryIds = Array.from({ length: shape.categories }, () => randomUUID());
      const tasks = Array.from({ length: shape.tasks }, (_, i) => ({
        ...stamp,
        id: randomUUID(),
        todo_id: todoId,
        category_id: categoryIds[i % shape.categories] as string,
        text: `Task ${i} with a reasonably descriptive title`,
        completed: (i % 5 === 0 ? 1 : 0) as 0 | 1,
        due_date: `2030-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
        priority: ['low', 'medium', 'high', 'urgent'][i % 4] as string,
        estimated_time: i % 3 === 0 ? null : 30 + (i % 4) * 15,
        position: Math.floor(i / shape.categories),
      }));
      await deps.database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('todos')
          .values({ ...stamp, id: todoId, title: 'Bench', color: '#10B981', position: 0 })
          .execute();
        await trx
          .insertInto('todo_categories')
          .values(
            categoryIds.map((id, position) => ({
              ...stamp,
              id,
              todo_id: todoId,
              title: `C${position}`,
              position,
            })),
          )
          .execute();
        for (let i = 0; i < tasks.length; i += 100)
          await trx
            .insertInto('todo_items')
            .values(tasks.slice(i, i + 100))
            .execute();
        const subtasks = tasks.map((task, i) => ({
          ...stamp,
          id: randomUUID(),
          todo_item_id: task.id,
          text: `Step ${i}`,
          completed: 0 as const,
          position: 0,
        }));
        for (let i = 0; i < subtasks.length; i += 100)
          await trx
            .insertInto('todo_subtasks')
            .values(subtasks.slice(i, i + 100))
            .execute();
      });

      const token = await benchToken(deps, userId);
      const on = await app.inject({
        method: 'PUT',
        url: '/api/calendar-feed',
        headers: { authorization: `Bearer ${token}` },
        payload: { enabled: true, includeCompleted: true },
      });
      if (on.statusCode !== 200) throw new Error(`feed on: ${on.statusCode} ${on.body}`);
      const path = new URL((on.json() as { url: string }).url.replace(/^webcal:/, 'http:')).pathname;
      let etag = '';
      // Each request from its own address: the per-address limit is not what is measured.
      const remoteAddress = (i: number) => `10.9.${(i >> 8) & 255}.${i & 255}`;
      const full = await measure(runs, async (i) => {
        const res = await app.inject({ method: 'GET', url: path, remoteAddress: remoteAddress(i) });
        if (res.statusCode !== 200) throw new Error(`feed: ${res.statusCode}`);
        etag = res.headers.etag as string;
        return res.rawPayload.length;
      });
      // What a calendar app really asks for: the same body, gzip-compressed by the app's compress plugin.
      const gzip = await measure(runs, async (i) => {
        const res = await app.inject({
          method: 'GET',
          url: path,
          headers: { 'accept-encoding': 'gzip' },
          remoteAddress: remoteAddress(2000 + i),
        });
        if (res.statusCode !== 200) throw new Error(`gzip: ${res.statusCode}`);
        return res.rawPayload.length;
      });
      const repeat = await measure(runs, async (i) => {
        const res = await app.inject({
          method: 'GET',
          url: path,
          headers: { 'if-none-match': etag },
          remoteAddress: remoteAddress(1000 + i),
        });
        if (res.statusCode !== 304) throw new Error(`repeat: ${res.statusCode}`);
        return res.rawPayload.length;
      });
      const verdict = full.p95 <= targetMs ? 'within' : 'OVER';
      console.log(
        `  ${engine.padEnd(8)} feed 1,000 events: p50 ${formatMs(full.p50)}  p95 ${formatMs(full.p95)}  ${formatKb(full.bytes)}  (target ≤ ${targetMs} ms: ${verdict})`,
      );
      console.log(
        `  ${engine.padEnd(8)} same, gzip:        p50 ${formatMs(gzip.p50)}  p95 ${formatMs(gzip.p95)}  ${formatKb(gzip.bytes)}`,
      );
      console.log(
        `  ${engine.padEnd(8)} repeat → 304:      p50 ${formatMs(repeat.p50)}  p95 ${formatMs(repeat.p95)}  ${repeat.bytes} B`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
  }
}

export const calendarsBenchmark: Benchmark = {
  name: 'calendars',
  title:
    'Private calendar feed with 1,000 due tasks (full body, 304 repeat) and a task change reaching a synced event (p50/p95)',
  async run() {
    await benchEngine('sqlite');
    const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (pgUrl) await benchEngine('postgres', pgUrl);
    else console.log('  postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
    // Calendar sync (docs/performance.md): a task change reaching the synced event.
    await benchCalendarSync('sqlite');
    if (pgUrl) await benchCalendarSync('postgres', pgUrl);
  },
};
