// `npm run bench -- notes-api-soak`: five minutes of mixed load on the app (its own process, SQLite and
// then PostgreSQL when TEST_DATABASE_URL is set): list a section, open a page, save a page, create a page,
// search; 50 connections. Prints the server's RSS at minute 1 and minute 5 (docs/performance.md: ≤ 200 MB, flat).
// Takes about 12 minutes with both engines; BENCH_SOAK_MINUTES shortens it. Not part of notes-api, so
// that stays short.
import type { DbEngine } from '../src/server/db/database.ts';
import { type Benchmark, benchEngines } from './benchmark.ts';
import { generateLoad, generatorName, type MixedRequest } from './load-generator.ts';
import { loadShape, newEmptySection, serverEnv } from './notes-api-load.ts';
import {
  benchDeps,
  benchToken,
  createBenchUser,
  openBenchDatabase,
  rareWord,
  seedWorkspace,
} from './notes-api-setup.ts';
import { startBenchServer } from './server-process.ts';

const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 5);
/** Distinct requests of each kind in the mix, cycled through by the generator. */
const perKind = 400;

async function soak(engine: DbEngine, adminUrl?: string): Promise<void> {
  const database = await openBenchDatabase(engine, adminUrl);
  try {
    const deps = benchDeps(database.handle, database.dataDir);
    const userId = await createBenchUser(deps);
    const seeded = await seedWorkspace(deps, userId);
    // Long enough for the whole soak (access tokens live 15 minutes).
    const token = await benchToken(deps, userId);
    const createIn = await newEmptySection(database.options, userId);
    const pick = (list: string[], i: number) => list[(i * 7919) % list.length] as string;
    const mix: MixedRequest[] = [];
    for (let i = 0; i < perKind; i++) {
      mix.push({ method: 'GET', path: `/api/sections/${pick(seeded.sectionIds, i)}/notes` });
      mix.push({ method: 'GET', path: `/api/notes/${pick(seeded.noteIds, i)}` });
      // Each page is saved from version 1 once; the generator's later passes get 409 conflicts, which
      // still read the page (counted in "non-2xx" below).
      mix.push({
        method: 'PATCH',
        path: `/api/notes/${pick(seeded.noteIds, i + perKind)}`,
        body: JSON.stringify({ content: `soak edit ${i} `.repeat(20), baseVersion: 1 }),
      });
      mix.push({ method: 'POST', path: '/api/notes', body: JSON.stringify({ sectionId: createIn }) });
      mix.push({ method: 'GET', path: `/api/search?q=${i % 2 === 0 ? rareWord : 'soak'}` });
    }
    const server = await startBenchServer('app', { env: serverEnv(database) });
    try {
      const rss: Array<{ minute: number; mb: number }> = [];
      const timers = [1, minutes].map((minute) =>
        setTimeout(() => rss.push({ minute, mb: server.rssMb() }), minute * 60_000 - 2_000),
      );
      const cpuBefore = server.cpuSeconds();
      const result = await generateLoad(
        { url: server.url, connections: loadShape.connections, seconds: minutes * 60 },
        {
          method: 'GET',
          paths: [],
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          mix,
        },
      );
      for (const timer of timers) clearTimeout(timer);
      const cpu = ((server.cpuSeconds() - cpuBefore) / (minutes * 60)) * 100;
      const at = (minute: number) => rss.find((r) => r.minute === minute)?.mb.toFixed(0) ?? '?';
      console.log(
        `  ${engine}: ${result.rps.toFixed(0)} req/s mixed, p99 ${result.p99.toFixed(1)} ms, ` +
          `cpu ${cpu.toFixed(0)}%, non-2xx ${result.failures}`,
      );
      console.log(
        `    RSS minute 1: ${at(1)} MB, minute ${minutes}: ${at(minutes)} MB (target ≤ 200 MB and flat)`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await database.dispose();
  }
}

export async function runNotesApiSoak(): Promise<void> {
  console.log(
    `  ${generatorName()}, ${loadShape.connections} connections, ${minutes} min of list/open/save/create/search`,
  );
  if (benchEngines.includes('sqlite')) await soak('sqlite');
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl && benchEngines.includes('postgres')) await soak('postgres', pgUrl);
}

export const notesApiSoakBenchmark: Benchmark = {
  name: 'notes-api-soak',
  title: 'Notes API memory under 5 minutes of mixed load (RSS at minute 1 and 5)',
  onlyWhenNamed: true,
  run: runNotesApiSoak,
};

if (import.meta.main) await runNotesApiSoak();
