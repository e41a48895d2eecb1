// `npm run bench -- backup`: export and import of a 100,000-row account (docs/performance.md), on SQLite and, when
// BENCH_DATABASE_URL / TEST_DATABASE_URL / DATABASE_URL is set, PostgreSQL. The server runs in its own
// process (bench/load-server.ts) so its peak RSS is its own; the figures go through real HTTP. Then what
// an import does to other users' requests meanwhile (bench/backup-contention.ts);
// BENCH_BACKUP=contention runs that part alone (after the seed and the export it needs).
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type Insertable, sql } from 'kysely';
import type { DatabaseOptions, DbEngine } from '../src/server/db/database.ts';
import type { Database } from '../src/server/db/schema.ts';
import type { AppDeps } from '../src/server/deps.ts';
import { indexAllQueuedNotes } from '../src/server/modules/search/search-index.ts';
import { importBreakdown } from './backup-breakdown.ts';
import { measureContention } from './backup-contention.ts';
import type { Benchmark } from './benchmark.ts';
import { benchDeps, benchToken, createBenchUser, openBenchDatabase } from './notes-api-setup.ts';
import { startBenchServer } from './server-process.ts';

/** 100,000 rows: 10,000 pages of ~2 KB, 60,000 tasks and subtasks, 30,000 notebooks/sections/lists/categories. */
const shape = {
  notebooks: 500,
  sections: 14_500,
  notes: 10_000,
  todos: 500,
  categories: 14_500,
  tasks: 30_000,
  subtasks: 30_000,
  noteChars: 2000,
};
const targets = { sqliteExportMs: 2000, sqliteImportMs: 3000, importPgMs: 8000, rssMb: 300 };

/** Word-like filler text, deterministic enough for a benchmark. */
function filler(chars: number, seed: number): string {
  const words = ['alpha', 'quartz', 'meadow', 'lantern', 'copper', 'violet', 'harbor', 'saffron', 'tundra'];
  let text = '';
  let i = seed;
  while (text.length < chars) {
    text += `${words[i % words.length]}${i % 7} `;
    i = (i * 31 + 7) % 100_003;
  }
  return text.slice(0, chars);
}

/** Seeds the account with multi-row INSERTs in one transaction (SQLite's search queue fills as usual). */
async function seedAccount(deps: AppDeps, userId: string): Promise<number> {
  const at = new Date().toISOString();
  const base = { user_id: userId, created_at: at, updated_at: at };
  const rows: { [T in keyof Database]?: Insertable<Database[T]>[] } = {};
  const notebooks = Array.from({ length: shape.notebooks }, (_, i) => ({
    ...base,
    id: randomUUID(),
    title: `Notebook ${i}`,
    color: '#3B82F6',
    position: i,
  }));
  const sections = Array.from({ length: shape.sections }, (_, i) => ({
    ...base,
    id: randomUUID(),
    notebook_id: notebooks[i % shape.notebooks]?.id ?? '',
    title: `Section ${i}`,
    position: Math.floor(i / shape.notebooks),
  }));
  const notes = Array.from({ length: shape.notes }, (_, i) => {
    const section = sections[i % shape.sections];
    return {
      ...base,
      id: randomUUID(),
      section_id: section?.id ?? '',
      notebook_id: section?.notebook_id ?? '',
      title: `Page ${i}`,
      content: filler(shape.noteChars, i),
      position: Math.floor(i / shape.sections),
      version: 1,
    };
  });
  const todos = Array.from({ length: shape.todos }, (_, i) => ({
    ...base,
    id: randomUUID(),
    title: `List ${i}`,
    color: '#10B981',
    position: i,
  }));
  const categories = Array.from({ length: shape.categories }, (_, i) => ({
    ...base,
    id: randomUUID(),
    todo_id: todos[i % shape.todos]?.id ?? '',
    title: `Category ${i}`,
    position: Math.floor(i / shape.todos),
  }));
  const tasks = Array.from({ length: shape.tasks }, (_, i) => {
    const category = categories[i % shape.categories];
    return {
      ...base,
      id: randomUUID(),
      category_id: category?.id ?? '',
      todo_id: category?.todo_id ?? '',
      text: `Task ${i} ${filler(40, i)}`,
      completed: (i % 3 === 0 ? 1 : 0) as 0 | 1,
      due_date: i % 2 ? '2026-12-01' : null,
      priority: 'medium',
      estimated_time: i % 4 ? 30 : null,
      position: Math.floor(i / shape.categories),
    };
  });
  const subtasks = Array.from({ length: shape.subtasks }, (_, i) => ({
    ...base,
    id: randomUUID(),
    todo_item_id: tasks[i % shape.tasks]?.id ?? '',
    text: `Subtask ${i}`,
    completed: (i % 2) as 0 | 1,
    position: Math.floor(i / shape.tasks),
  }));
  Object.assign(rows, {
    notebooks,
    sections,
    notes,
    todos,
    todo_categories: categories,
    todo_items: tasks,
    todo_subtasks: subtasks,
  });

  const started = performance.now();
  await deps.database.db.transaction().execute(async (trx) => {
    for (const [table, list] of Object.entries(rows) as Array<
      [keyof Database, Array<Record<string, unknown>>]
    >) {
      const perChunk = Math.floor(8000 / Object.keys(list[0] ?? { a: 1 }).length);
      for (let i = 0; i < list.length; i += perChunk) {
        await trx
          .insertInto(table)
          .values(list.slice(i, i + perChunk) as never)
          .execute();
      }
    }
  });
  return performance.now() - started;
}

/**
 * CPU ticks (1/100 s) used so far by each local PostgreSQL process serving `database` (its backends,
 * read from Linux /proc); empty for a remote server. The import's time on PostgreSQL is mostly the
 * backend's work (its indexes), and CPU time, unlike wall time, stays comparable on a busy machine.
 */
function postgresTicks(database: string): Map<string, number> {
  const ticks = new Map<string, number>();
  if (!database) return ticks;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // A backend's title: "postgres: <cluster>: <user> <database> <client> <state>".
      if (!command.startsWith('postgres:') || !command.split(' ').includes(database)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended meanwhile, or is not ours to read.
    }
  }
  return ticks;
}

/** The CPU seconds those processes used between two readings (a backend that ended in between is lost). */
function postgresCpuText(before: Map<string, number>, after: Map<string, number>): string {
  if (after.size === 0) return '';
  let ticks = 0;
  for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
  return `, PostgreSQL CPU ${(ticks / 100).toFixed(2)} s`;
}

interface Server {
  url: string;
  pid: number;
  /** Peak RSS since the last reset, in MB (Linux VmHWM). */
  peakMb(): number;
  /** CPU time (user + system) the server has used so far, in ms: steadier than wall time on a busy machine. */
  cpuMs(): number;
  resetPeak(): void;
  stop(): Promise<void>;
}

/**
 * The app in its own process, run as `npm start` runs it (compiled, with its node flags: V8's young
 * generation capped, which bounds how much garbage a large import leaves resident; bench/server-process.ts).
 */
async function startServer(options: DatabaseOptions, dataDir: string): Promise<Server> {
  const server = await startBenchServer('app', {
    env: { BENCH_DB_OPTIONS: JSON.stringify(options), BENCH_DATA_DIR: dataDir },
  });
  const pid = server.pid;
  return {
    url: server.url,
    pid,
    peakMb() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
      return kb / 1024;
    },
    cpuMs: () => server.cpuSeconds() * 1000,
    resetPeak() {
      // "5" resets the peak RSS (VmHWM) to the current RSS (Linux 4.0+).
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    },
    stop: () => server.stop(),
  };
}

/** Resolves once SQLite's search queue is empty: the server's indexer has caught up. */
async function searchQueueEmpty(deps: AppDeps): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ queued: number }>`select count(*) as queued from notes_search_queue`.execute(
      deps.database.db,
    );
    if (Number(rows[0]?.queued ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function runEngine(engine: DbEngine, adminUrl?: string): Promise<void> {
  const bench = await openBenchDatabase(engine, adminUrl);
  try {
    const deps = benchDeps(bench.handle, bench.dataDir);
    const owner = await createBenchUser(deps);
    const target = await createBenchUser(deps);
    const seedMs = await seedAccount(deps, owner);
    // As the running server would have by then: the seeded pages are in SQLite's search index, so the
    // server's background indexer does not spend the measured seconds catching up with the seed.
    if (engine === 'sqlite') await indexAllQueuedNotes(deps.database.db);
    const ownerToken = await benchToken(deps, owner);
    const targetToken = await benchToken(deps, target);
    const otherTokens: string[] = [];
    for (let i = 0; i < 5; i++) otherTokens.push(await benchToken(deps, await createBenchUser(deps)));
    const contentionOnly = process.env.BENCH_BACKUP === 'contention';
    console.log(`  ${engine}: seeded 100,000 rows in ${(seedMs / 1000).toFixed(2)} s`);

    const server = await startServer(bench.options, bench.dataDir);
    let body: Buffer;
    try {
      const baseMb = server.peakMb();
      server.resetPeak();
      const cpuBefore = server.cpuMs();
      const started = performance.now();
      const res = await fetch(`${server.url}/api/backup/export`, {
        headers: { authorization: `Bearer ${ownerToken}`, 'accept-encoding': 'identity' },
      });
      body = Buffer.from(await res.arrayBuffer());
      const exportMs = performance.now() - started;
      if (res.status !== 200)
        throw new Error(`export answered ${res.status}: ${body.toString().slice(0, 200)}`);
      const exportPeak = server.peakMb();
      const exportCpu = server.cpuMs() - cpuBefore;
      console.log(
        `  ${engine}: export ${(exportMs / 1000).toFixed(2)} s (server CPU ${(exportCpu / 1000).toFixed(2)} s) for ${(body.length / 1048576).toFixed(1)} MB` +
          ` (target ${engine === 'sqlite' ? `≤ ${targets.sqliteExportMs / 1000} s` : 'none'}),` +
          ` server peak RSS ${exportPeak.toFixed(0)} MB (idle ${baseMb.toFixed(0)} MB; target ≤ ${targets.rssMb} MB)`,
      );
    } finally {
      await server.stop();
    }

    // A fresh server for the import, so its peak is the import's alone.
    if (!contentionOnly) await measureImport(engine, bench.options, bench.dataDir, targetToken, body);
    // Other users' requests during an import, on a fresh server again.
    const contended = await startServer(bench.options, bench.dataDir);
    try {
      const settled = () => (engine === 'sqlite' ? searchQueueEmpty(deps) : Promise.resolve());
      await measureContention(engine, { url: contended.url, settled }, targetToken, otherTokens, body);
    } finally {
      await contended.stop();
    }
    if (contentionOnly) return;
    // The same import again in this process, a phase at a time (the server above runs them as one).
    console.log(`  ${engine}: import breakdown: ${await importBreakdown(deps, target, body)}`);
  } finally {
    await bench.handle.close();
    await bench.dispose();
  }
}

/** The preview and the import of `body` on a fresh server: time, CPU and the server's peak RSS. */
async function measureImport(
  engine: DbEngine,
  options: DatabaseOptions,
  dataDir: string,
  targetToken: string,
  body: Buffer,
): Promise<void> {
  const importer = await startServer(options, dataDir);
  try {
    const database = 'databaseUrl' in options ? new URL(options.databaseUrl).pathname.slice(1) : '';
    for (const dryRun of [true, false]) {
      importer.resetPeak();
      const cpuBefore = importer.cpuMs();
      const pgBefore = postgresTicks(database);
      const started = performance.now();
      const res = await fetch(`${importer.url}/api/backup/import?clearExisting=true&dryRun=${dryRun}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${targetToken}`, 'content-type': 'application/json' },
        body: new Uint8Array(body),
      });
      const answer = await res.text();
      const importMs = performance.now() - started;
      const importCpu = importer.cpuMs() - cpuBefore;
      const pgCpu = postgresCpuText(pgBefore, postgresTicks(database));
      if (res.status !== 200) throw new Error(`import answered ${res.status}: ${answer.slice(0, 200)}`);
      const counts = (JSON.parse(answer) as { counts: Record<string, number> }).counts;
      const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
      const target = engine === 'sqlite' ? targets.sqliteImportMs : targets.importPgMs;
      console.log(
        `  ${engine}: ${dryRun ? 'preview (dry run)' : 'import'} of ${total} rows ${(importMs / 1000).toFixed(2)} s (server CPU ${(importCpu / 1000).toFixed(2)} s${pgCpu})` +
          `${dryRun ? '' : ` (target ≤ ${target / 1000} s)`}, server peak RSS ${importer.peakMb().toFixed(0)} MB` +
          ` (target ≤ ${targets.rssMb} MB)`,
      );
    }
  } finally {
    await importer.stop();
  }
}

export const backupBenchmark: Benchmark = {
  name: 'backup',
  title: '100,000-row account: export and import time and peak server RSS (SQLite; PostgreSQL if set)',
  async run() {
    await runEngine('sqlite');
    const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
    if (pgUrl) await runEngine('postgres', pgUrl);
    else console.log('  postgres: skipped (set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL)');
  },
};
