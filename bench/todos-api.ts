// The todos API under a 10,000-task account (docs/performance.md): p50/p95 of the todos tree, a category's tasks,
// ticking a subtask, moving a task and a search, through the real app over loopback HTTP, on SQLite
// and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL. Figures only, never asserted.
import { buildApp } from '../src/server/app.ts';
import type { DbEngine } from '../src/server/db/database.ts';
import { type Benchmark, formatMs, type LatencyStats, measure } from './benchmark.ts';
import { benchDeps, benchToken, createBenchUser, openBenchDatabase } from './notes-api-setup.ts';
import { rareTaskWord, seedTodos } from './todos-api-seed.ts';

/** SQLite target on the 2-core reference machine (docs/performance.md): every operation p95 ≤ 30 ms. */
const sqliteTarget = 30;

function line(engine: DbEngine, label: string, stats: LatencyStats) {
  const goal =
    engine === 'sqlite'
      ? `   target p95 ≤ ${sqliteTarget} ms ${stats.p95 <= sqliteTarget ? 'met' : 'MISSED'}`
      : '';
  console.log(`    ${label.padEnd(50)} p50 ${formatMs(stats.p50)}   p95 ${formatMs(stats.p95)}${goal}`);
}

async function benchEngine(engine: DbEngine, adminUrl?: string): Promise<void> {
  const database = await openBenchDatabase(engine, adminUrl);
  try {
    const deps = benchDeps(database.handle, database.dataDir);
    const userId = await createBenchUser(deps);
    const seeded = await seedTodos(deps, userId);
    console.log(
      `  ${engine}: seeded ${seeded.tasks.toLocaleString('en-US')} tasks and ` +
        `${seeded.subtaskIds.length.toLocaleString('en-US')} subtasks in one transaction: ` +
        `${(seeded.seedMs / 1000).toFixed(2)} s`,
    );

    const app = await buildApp(deps);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}`;
    const token = await benchToken(deps, userId);
    const call = async (method: 'GET' | 'PATCH' | 'PUT', path: string, expected: number, body?: object) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'accept-encoding': 'gzip, deflate, br',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const buffer = Buffer.from(await res.arrayBuffer());
      if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${buffer}`);
      return buffer.length;
    };

    const { categories } = seeded;
    const category = (i: number) => categories[(i * 37) % categories.length] ?? categories[0];
    try {
      console.log(`    (${engine}, sequential requests over HTTP on 127.0.0.1)`);
      line(
        engine,
        'todos tree (20 todos, 200 categories, counts)',
        await measure(100, () => call('GET', '/api/todos/tree', 200)),
      );
      line(
        engine,
        "a category's tasks (50, subtasks counted)",
        await measure(200, (i) => call('GET', `/api/categories/${category(i)?.id}/tasks`, 200)),
      );
      line(
        engine,
        'tick / untick a subtask',
        await measure(300, (i) =>
          call('PATCH', `/api/subtasks/${seeded.subtaskIds[(i * 7919) % seeded.subtaskIds.length]}`, 200, {
            completed: i % 2 === 0,
          }),
        ),
      );
      // Each move takes the last task of one category to the top of another (of another todo), as a
      // drag and drop does: the target's full new order in one PUT.
      line(
        engine,
        'move a task to another category (and todo)',
        await measure(200, (i) => {
          const from = categories[(i * 2) % categories.length];
          const to = categories[(i * 2 + 101) % categories.length];
          const moved = from?.taskIds.pop();
          if (!from || !to || !moved) throw new Error('no task to move');
          to.taskIds.unshift(moved);
          return call('PUT', `/api/categories/${to.id}/tasks/order`, 204, { ids: to.taskIds });
        }),
      );
      line(
        engine,
        `search "${rareTaskWord}" (in 1% of tasks; 50 shown)`,
        await measure(100, () => call('GET', `/api/search?q=${rareTaskWord}`, 200)),
      );
      line(
        engine,
        'search a 2-letter text (scans newest first)',
        await measure(50, () => call('GET', '/api/search?q=ew', 200)),
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
  }
}

/** Everything, on SQLite and (when a PostgreSQL URL is set) PostgreSQL. Called by bench/run.ts. */
export async function runTodosApiBench(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  await benchEngine('sqlite');
  if (pgUrl) await benchEngine('postgres', pgUrl);
  else console.log('  postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
}

export const todosApiBenchmark: Benchmark = {
  name: 'todos-api',
  title: 'Todos API with 10,000 tasks: tree, category tasks, subtask tick, task move, search latency',
  run: runTodosApiBench,
};

if (import.meta.main) await runTodosApiBench();
