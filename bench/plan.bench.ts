// Today and Upcoming under a 10,000-task account (docs/performance.md): 2,000 tasks with a due date spread
// over a year around today, 2,000 repeating tasks due near today, 500 labels on them; p50/p95 through the real app over loopback HTTP, on SQLite
// and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL. Figures only, never asserted.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.ts';
import type { DbEngine } from '../src/server/db/database.ts';
import type { AppDeps } from '../src/server/deps.ts';
import { addDays } from '../src/shared/domain/plan-days.ts';
import type { UpcomingResponse } from '../src/shared/schemas/plan.ts';
import { type Benchmark, formatMs, measure } from './benchmark.ts';
import { benchDeps, benchToken, createBenchUser, openBenchDatabase } from './notes-api-setup.ts';
import { seedTodos } from './todos-api-seed.ts';

const datedTasks = 2_000;
const repeatingTasks = 2_000;
const labelCount = 500;

/**
 * Rules of the repeating tasks, one per twentieth: what a person keeps repeating is mostly weekly,
 * monthly or yearly; a few daily and weekday ones (each fills every day of Upcoming).
 */
const repeatRules = [
  'FREQ=DAILY',
  'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  ...Array.from({ length: 8 }, () => 'FREQ=WEEKLY'),
  'FREQ=WEEKLY;INTERVAL=2',
  'FREQ=WEEKLY;INTERVAL=2',
  ...Array.from({ length: 5 }, () => 'FREQ=MONTHLY'),
  ...Array.from({ length: 3 }, () => 'FREQ=YEARLY'),
];

/**
 * Every fifth task gets a due date, a year of them centred on today (a third of them done); the next
 * of every five repeats, open and due on its current occurrence from a week ago to two weeks ahead (a
 * repeating task moves on when done, so its date stays near today); 500 labels.
 */
async function planShape(deps: AppDeps, userId: string, taskIds: string[]): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const at = new Date().toISOString();
  const labels = Array.from({ length: labelCount }, (_, i) => ({
    id: randomUUID(),
    user_id: userId,
    name: `label ${i}`,
    name_key: `label ${i}`,
    color: '#3B82F6',
    created_at: at,
    updated_at: at,
  }));
  await deps.database.db.transaction().execute(async (trx) => {
    await trx.updateTable('todo_items').set({ due_date: null }).where('user_id', '=', userId).execute();
    for (let i = 0; i < datedTasks; i++) {
      const id = taskIds[i * 5];
      if (!id) break;
      await trx
        .updateTable('todo_items')
        .set({ due_date: addDays(today, (i % 365) - 182), due_time: i % 4 === 0 ? '09:30' : null })
        .where('id', '=', id)
        .execute();
    }
    for (let i = 0; i < repeatingTasks; i++) {
      const id = taskIds[i * 5 + 1];
      if (!id) break;
      const due = addDays(today, (i % 21) - 7);
      await trx
        .updateTable('todo_items')
        .set({
          completed: 0,
          due_date: due,
          due_time: i % 3 === 0 ? '08:00' : null,
          repeat_rule: repeatRules[i % repeatRules.length] ?? 'FREQ=WEEKLY',
          repeat_mode: 'fixed',
          repeat_start: due,
        })
        .where('id', '=', id)
        .execute();
    }
    await trx.insertInto('labels').values(labels).execute();
    const links = taskIds.slice(0, datedTasks * 5).flatMap((taskId, i) => {
      const label = labels[i % labelCount];
      return i % 5 === 0 && label ? [{ task_id: taskId, label_id: label.id, user_id: userId }] : [];
    });
    for (let i = 0; i < links.length; i += 500)
      await trx
        .insertInto('task_labels')
        .values(links.slice(i, i + 500))
        .execute();
  });
  if (deps.database.engine === 'postgres') await sql`vacuum analyze`.execute(deps.database.db);
}

async function benchEngine(engine: DbEngine, adminUrl?: string): Promise<void> {
  const database = await openBenchDatabase(engine, adminUrl);
  try {
    const deps = benchDeps(database.handle, database.dataDir);
    const userId = await createBenchUser(deps);
    const seeded = await seedTodos(deps, userId);
    await planShape(
      deps,
      userId,
      seeded.categories.flatMap((category) => category.taskIds),
    );
    const app = await buildApp(deps);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const token = await benchToken(deps, userId);
    const get = async (path: string) => {
      const res = await fetch(`http://127.0.0.1:${address.port}${path}`, {
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
      });
      const buffer = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${buffer}`);
      return buffer;
    };
    /** Every page of Upcoming's window in turn, as the view loads them when scrolled to the end. */
    const allPages = async (days: number) => {
      let bytes = 0;
      let pages = 0;
      let from: string | null = '';
      while (from !== null) {
        const body = await get(`/api/tasks/upcoming?days=${days}${from ? `&from=${from}` : ''}`);
        bytes += body.length;
        pages += 1;
        from = (JSON.parse(body.toString()) as UpcomingResponse).nextFrom;
      }
      return { bytes, pages };
    };
    try {
      console.log(
        `  ${engine}: ${seeded.tasks.toLocaleString('en-US')} tasks, ${datedTasks} dated once, ${repeatingTasks} repeating, ${labelCount} labels`,
      );
      for (const [label, path] of [
        ['Today (50 overdue + today)', '/api/tasks/today'],
        ['Today, next overdue page', '/api/tasks/today?overdueOffset=50'],
        ['Upcoming (first page)', '/api/tasks/upcoming?days=14'],
        ['plan counts', '/api/tasks/plan-counts'],
      ] as const) {
        const stats = await measure(100, async () => (await get(path)).length);
        console.log(
          `    ${label.padEnd(28)} p50 ${formatMs(stats.p50)}   p95 ${formatMs(stats.p95)}   ${stats.bytes} bytes`,
        );
      }
      for (const days of [14, 60]) {
        let shape = { bytes: 0, pages: 0 };
        const stats = await measure(20, async () => {
          shape = await allPages(days);
          return shape.bytes;
        });
        console.log(
          `    ${`Upcoming, all ${days} days`.padEnd(28)} p50 ${formatMs(stats.p50)}   p95 ${formatMs(stats.p95)}   ${shape.bytes} bytes in ${shape.pages} pages`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
  }
}

export async function runPlanBench(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  await benchEngine('sqlite');
  if (pgUrl) await benchEngine('postgres', pgUrl);
  else console.log('  postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
}

export const planBenchmark: Benchmark = {
  name: 'plan-views',
  title:
    'Today and Upcoming with 10,000 tasks (2,000 dated over a year, 2,000 repeating, 500 labels): p50/p95',
  run: runPlanBench,
};

if (import.meta.main) await runPlanBench();
