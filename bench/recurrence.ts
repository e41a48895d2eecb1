// Completing a repeating task (docs/performance.md): p50/p95 of PATCH completed on a weekly task, each one
// recording the occurrence and moving the date, through the real app over loopback HTTP, on SQLite and
// (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL; and the expansion alone (nextOccurrence).
// Figures only, never asserted. Not in run.ts yet: register `recurrenceBenchmark` there.
import { buildApp } from '../src/server/app.ts';
import type { DbEngine } from '../src/server/db/database.ts';
import { nextOccurrence } from '../src/shared/domain/recurrence.ts';
import { type Benchmark, formatMs, measure } from './benchmark.ts';
import { benchDeps, benchToken, createBenchUser, openBenchDatabase } from './notes-api-setup.ts';

const completions = 200;

async function benchEngine(engine: DbEngine, adminUrl?: string): Promise<void> {
  const database = await openBenchDatabase(engine, adminUrl);
  try {
    const deps = benchDeps(database.handle, database.dataDir);
    const userId = await createBenchUser(deps);
    const app = await buildApp(deps);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}`;
    const token = await benchToken(deps, userId);
    const call = async (method: 'POST' | 'PATCH', path: string, body: object) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return JSON.parse(text) as { id: string; dueDate: string };
    };
    try {
      const todo = await call('POST', '/api/todos', {});
      const task = await call('POST', '/api/tasks', {
        todoId: todo.id,
        text: 'Water plants',
        dueDate: '2027-01-04',
        dueTime: '09:00',
        repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO,TH' },
      });
      let due = task.dueDate;
      const stats = await measure(completions, async () => {
        const done = await call('PATCH', `/api/tasks/${task.id}`, { completed: true, occurrence: due });
        due = done.dueDate;
        return 0;
      });
      console.log(
        `    ${engine}: complete a repeating task (${completions} in a row, history growing)`.padEnd(74) +
          `p50 ${formatMs(stats.p50)}   p95 ${formatMs(stats.p95)}`,
      );
      // The baseline: the same PATCH completing and reopening a task that does not repeat.
      const plain = await call('POST', '/api/tasks', {
        todoId: todo.id,
        text: 'Once',
        dueDate: '2027-01-04',
      });
      const base = await measure(completions, async (i) => {
        await call('PATCH', `/api/tasks/${plain.id}`, { completed: i % 2 === 0 });
        return 0;
      });
      console.log(
        `    ${engine}: complete or reopen a task that does not repeat`.padEnd(74) +
          `p50 ${formatMs(base.p50)}   p95 ${formatMs(base.p95)}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
  }
}

function benchExpansion(): void {
  const anchor = { date: '2027-01-04', time: '02:30' };
  const stats: number[] = [];
  let after: { date: string; time: string | null } = anchor;
  for (let i = 0; i < 2000; i++) {
    const started = performance.now();
    const next = nextOccurrence('FREQ=MONTHLY;BYDAY=-1FR', anchor, after, 'America/New_York');
    stats.push(performance.now() - started);
    after = next ? { date: next.date, time: next.time } : anchor;
  }
  stats.sort((a, b) => a - b);
  const at = (p: number) => stats[Math.ceil((p / 100) * stats.length) - 1] ?? Number.NaN;
  console.log(
    `    nextOccurrence, last Friday, 2,000 successive months from one anchor`.padEnd(74) +
      `p50 ${formatMs(at(50))}   p95 ${formatMs(at(95))}`,
  );
}

export async function runRecurrenceBench(): Promise<void> {
  benchExpansion();
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  await benchEngine('sqlite');
  if (pgUrl) await benchEngine('postgres', pgUrl);
  else console.log('  postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
}

export const recurrenceBenchmark: Benchmark = {
  name: 'recurrence',
  title: 'Repeating tasks: completing one (records the occurrence, moves the date) and the expansion alone',
  run: runRecurrenceBench,
};

if (import.meta.main) await runRecurrenceBench();
