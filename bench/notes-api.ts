// The notes API under a 10,000-page account (docs/performance.md): p50/p95 of the tree, opening, saving and
// searching through the real app over loopback HTTP, on SQLite (encrypted as in production, then a plain
// file: SQLCipher's cost printed at the end; BENCH_SQLITE_PLAIN=off skips the plain pass) and (with
// BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL; then load (wrk, its own process) on the app and a bare reference server,
// each in its own process, beside a do-nothing control (docs/performance.md). Figures only.
// The load takes 3 rounds × 10 s for each of control, app list/create and reference list/create, plus a
// warm-up per server start: about 4 minutes per engine; with seeding and the latency part, 9–10 minutes
// for both engines (measured on the loaded 2-core machine). BENCH_LOAD_SECONDS and BENCH_LOAD_ROUNDS shorten it.
import { Pool } from 'undici';
import { buildApp } from '../src/server/app.ts';
import type { DbEngine } from '../src/server/db/database.ts';
import {
  type Benchmark,
  benchEngines,
  formatMs,
  type LatencyStats,
  measure,
  percentile,
} from './benchmark.ts';
import { generatorName } from './load-generator.ts';
import { type LoadFigures, loadShape, runLoadComparison, type ServerFigures } from './notes-api-load.ts';
import {
  benchDeps,
  benchToken,
  createBenchUser,
  openBenchDatabase,
  rareWord,
  seedWorkspace,
} from './notes-api-setup.ts';

/** SQLite targets on the 2-core reference machine (docs/performance.md). */
const targets = { tree: 50, search: 30, save: 10 } as const;
/** Bursts of 100 saves, each followed by one timed search: 50, so the p95 is not just the worst of a few. */
const burstRounds = 50;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

function line(label: string, stats: LatencyStats, target?: number) {
  const goal =
    target === undefined ? '' : `   target p95 ≤ ${target} ms ${stats.p95 <= target ? 'met' : 'MISSED'}`;
  console.log(`    ${label.padEnd(44)} p50 ${formatMs(stats.p50)}   p95 ${formatMs(stats.p95)}${goal}`);
}

/** SQLite's two passes: encrypted as in production, then plain, so SQLCipher's cost is seen in one run. */
type SqliteFile = 'encrypted' | 'plain';
type LabelledFigures = LoadFigures & { label: string };

async function benchEngine(
  engine: DbEngine,
  adminUrl?: string,
  file: SqliteFile = 'encrypted',
): Promise<LabelledFigures[]> {
  const label = engine === 'sqlite' ? `sqlite ${file}` : engine;
  const database = await openBenchDatabase(engine, adminUrl, { plainSqlite: file === 'plain' });
  try {
    const deps = benchDeps(database.handle, database.dataDir);
    const userId = await createBenchUser(deps);
    const seeded = await seedWorkspace(deps, userId);
    const index =
      engine === 'sqlite' ? `, search index built in ${(seeded.indexMs / 1000).toFixed(2)} s` : '';
    console.log(
      `  ${label}: seeded ${seeded.pages.toLocaleString('en-US')} pages (${kb(seeded.bytes)} of text) ` +
        `in one transaction in ${(seeded.seedMs / 1000).toFixed(2)} s${index}`,
    );

    const app = await buildApp(deps);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const pool = new Pool(`http://127.0.0.1:${address.port}`, { connections: 4 });
    const token = await benchToken(deps, userId);
    const headers = {
      authorization: `Bearer ${token}`,
      // What a browser sends: the tree travels compressed, as it would to the workspace.
      'accept-encoding': 'gzip, deflate, br',
      'content-type': 'application/json',
    };
    const call = async (method: 'GET' | 'PATCH', path: string, expected: number, body?: object) => {
      const res = await pool.request({
        method,
        path,
        headers: body ? headers : { ...headers, 'content-type': undefined },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const buffer = Buffer.from(await res.body.arrayBuffer());
      if (res.statusCode !== expected) throw new Error(`${method} ${path}: ${res.statusCode} ${buffer}`);
      return buffer;
    };

    // The load phase (child processes) signs in with this; made now, while the database is open here.
    const loadToken = await benchToken(deps, userId);
    const pick = (i: number) => seeded.noteIds[(i * 7919) % seeded.noteIds.length] as string;
    try {
      console.log(`    (${label}, sequential requests over HTTP on 127.0.0.1)`);
      const tree = await measure(40, async () => (await call('GET', '/api/notes/tree', 200)).length);
      line(
        `tree: 10,000 page titles (${kb(tree.bytes)} on the wire)`,
        tree,
        engine === 'sqlite' ? targets.tree : undefined,
      );
      const open = await measure(300, async (i) => (await call('GET', `/api/notes/${pick(i)}`, 200)).length);
      line('open a page (content and version)', open);
      // pick(i) never repeats within 10,000 calls (7919 is prime to 10,000): each save is from version 1.
      const save = await measure(300, async (i) => {
        const id = pick(i);
        const content = `edited ${i} `.repeat(180).slice(0, 2000);
        // A session's first save: the page's history gets a new version in the save's transaction.
        const body = await call('PATCH', `/api/notes/${id}`, 200, {
          content,
          baseVersion: 1,
          editSession: `bench-${i}`,
        });
        return body.length;
      });
      line(
        'save a page (~2 KB; starts a history version)',
        save,
        engine === 'sqlite' ? targets.save : undefined,
      );
      // Typing on one page: each later save of the session coalesces into its version (an update).
      const typedId = pick(9000);
      let typedVersion = 1;
      const typing = await measure(300, async (i) => {
        const content = `typed ${i} `.repeat(200).slice(0, 2000);
        const body = await call('PATCH', `/api/notes/${typedId}`, 200, {
          content,
          baseVersion: typedVersion,
          editSession: 'bench-typing',
        });
        typedVersion = (JSON.parse(body.toString()) as { version: number }).version;
        return body.length;
      });
      line(
        'save while typing (coalesced into its version)',
        typing,
        engine === 'sqlite' ? targets.save : undefined,
      );
      // On SQLite the saves were queued for the search index; the first search reads what is still queued.
      const first = await measure(
        1,
        async () => (await call('GET', `/api/search?q=${rareWord}`, 200)).length,
        0,
      );
      console.log(`    ${'first search after the saves'.padEnd(44)} ${formatMs(first.p50)}`);
      const search = await measure(
        100,
        async () => (await call('GET', `/api/search?q=${rareWord}`, 200)).length,
      );
      line(
        `search "${rareWord}" (in 1% of pages; 50 shown)`,
        search,
        engine === 'sqlite' ? targets.search : undefined,
      );
      // docs/performance.md: a search right after a burst of 100 saves (fresh pages, so each save succeeds).
      const bursts: number[] = [];
      for (let round = 0; round < burstRounds; round++) {
        for (let i = 0; i < 100; i++) {
          const n = 1000 + round * 100 + i;
          await call('PATCH', `/api/notes/${pick(n)}`, 200, {
            content: `burst ${n} `.repeat(150),
            baseVersion: 1,
          });
        }
        const started = performance.now();
        await call('GET', `/api/search?q=burst%20${1000 + round * 100 + 99}`, 200);
        bursts.push(performance.now() - started);
      }
      bursts.sort((a, b) => a - b);
      line(
        `search right after 100 saves (${burstRounds} bursts)`,
        { p50: percentile(bursts, 50), p95: percentile(bursts, 95), bytes: 0 },
        engine === 'sqlite' ? targets.search : undefined,
      );
      // Under 3 characters no trigram index helps: pages are read newest first until 50 match.
      const short = await measure(30, async () => (await call('GET', '/api/search?q=zq', 200)).length);
      line('search a common 2-letter text', short);
      const nowhere = await measure(30, async () => (await call('GET', '/api/search?q=%C3%A9', 200)).length);
      line('search a 1-letter text found nowhere (reads all)', nowhere);
    } finally {
      await pool.close();
      await app.close();
    }

    const figures = await runLoadComparison({
      engine,
      options: database.options,
      dataDir: database.dataDir,
      token: loadToken,
      userId,
      listSectionIds: seeded.sectionIds,
    });
    return figures.map((f) => ({ ...f, label }));
  } finally {
    await database.dispose();
  }
}

// CPU per request (the server's CPU share over its rate) moved less than req/s as this machine's speed
// drifted, and says where a gap is: the app's own work, or waiting on the database.
const server = (f: ServerFigures) =>
  `${f.rps.toFixed(0).padStart(6)} req/s p99 ${formatMs(f.p99)} cpu ${f.cpu.toFixed(0).padStart(3)}% ` +
  `(${((f.cpu * 10_000) / f.rps).toFixed(0).padStart(4)} µs/request) rss ${f.rssMb.toFixed(0).padStart(4)} MB`;

/** Everything, on SQLite and (when a PostgreSQL URL is set) PostgreSQL. Called by bench/run.ts. */
export async function runNotesApiBench(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const load: LabelledFigures[] = [];
  if (benchEngines.includes('sqlite')) {
    load.push(...(await benchEngine('sqlite', undefined, 'encrypted')));
    // BENCH_SQLITE_PLAIN=off skips the plain pass (about half the SQLite time).
    if (process.env.BENCH_SQLITE_PLAIN !== 'off')
      load.push(...(await benchEngine('sqlite', undefined, 'plain')));
  }
  if (!benchEngines.includes('postgres')) console.log('  postgres: skipped (BENCH_ENGINES)');
  else if (pgUrl) load.push(...(await benchEngine('postgres', pgUrl)));
  else console.log('  postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');

  console.log(
    `\n  load: ${generatorName()}, ${loadShape.connections} connections, ${loadShape.seconds} s, ` +
      `median of ${loadShape.rounds} rounds; each server alone in its own process, app and reference taking turns; app logs at info`,
  );
  for (const figures of load) {
    if (figures.scenario === load.find((f) => f.label === figures.label)?.scenario) {
      console.log(
        `    ${figures.label} · control (bare node:http, does nothing, just before) ${server(figures.control)}`,
      );
    }
    const ratio = figures.ours.rps / figures.reference.rps;
    const p99Ratio = figures.ours.p99 / figures.reference.p99;
    const headroom = figures.control.rps / Math.max(figures.ours.rps, figures.reference.rps);
    console.log(`    ${figures.label} · ${figures.scenario}`);
    console.log(`      jotlist   ${server(figures.ours)}`);
    console.log(`      reference ${server(figures.reference)}`);
    console.log(
      `      ratio ${ratio.toFixed(2)} (target ≥ 0.8 ${ratio >= 0.8 ? 'met' : 'MISSED'}), ` +
        `p99 ×${p99Ratio.toFixed(2)} (target ≤ 2 ${p99Ratio <= 2 ? 'met' : 'MISSED'}), ` +
        `control ×${headroom.toFixed(1)} the faster server (≥ 3 needed: ${headroom >= 3 ? 'yes' : 'NO, generator-bound'})` +
        (figures.ours.failures + figures.reference.failures > 0
          ? `  failures ${figures.ours.failures} / ${figures.reference.failures}`
          : ''),
    );
  }
  printCipherCost(load);
}

/**
 * SQLCipher's cost: the app's list and create on the encrypted file beside the plain one, same run. The
 * issue's bound is 15 % (req/s lost, or CPU per request gained); past it the line says so.
 */
function printCipherCost(load: LabelledFigures[]): void {
  const change = (ratio: number, up: string, down: string) =>
    `${Math.abs(ratio * 100).toFixed(1)} % ${ratio >= 0 ? up : down}`;
  const encrypted = load.filter((f) => f.label === 'sqlite encrypted');
  const plain = load.filter((f) => f.label === 'sqlite plain');
  if (encrypted.length === 0 || plain.length === 0) return;
  console.log('\n  SQLCipher (AES-256) cost, encrypted vs plain SQLite, the app under the same load:');
  for (const enc of encrypted) {
    const base = plain.find((f) => f.scenario === enc.scenario);
    if (!base) continue;
    const perRequest = (f: ServerFigures) => (f.cpu * 10_000) / f.rps;
    const rpsCost = 1 - enc.ours.rps / base.ours.rps;
    const cpuCost = perRequest(enc.ours) / perRequest(base.ours) - 1;
    const over = rpsCost > 0.15 || cpuCost > 0.15;
    console.log(
      `    ${enc.scenario.padEnd(24)} ${enc.ours.rps.toFixed(0)} vs ${base.ours.rps.toFixed(0)} req/s ` +
        `(${change(-rpsCost, 'more', 'fewer')}), p99 ${formatMs(enc.ours.p99)} vs ${formatMs(base.ours.p99)}, ` +
        `CPU per request ${change(cpuCost, 'more', 'less')}` +
        (over ? '   EXCEEDS 15 %' : '   within 15 %'),
    );
  }
}

export const notesApiBenchmark: Benchmark = {
  name: 'notes-api',
  title: 'Notes API with 10,000 pages: tree, open, save, search latency; load vs a bare reference server',
  run: runNotesApiBench,
};

if (import.meta.main) await runNotesApiBench();
