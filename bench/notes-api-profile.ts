// `npm run bench -- notes-api-profile`: the app under the notes load (list, then create) with V8's CPU
// profiler (what `node --cpu-prof` uses, started once the server listens), one profile per scenario; prints the top self-time frames and packages (docs/performance.md).
// SQLite only (BENCH_PROFILE_ENGINE=postgres with TEST_DATABASE_URL for PostgreSQL; BENCH_PROFILE_SERVER=reference
// profiles the bare reference server instead, to compare frame by frame). Profiles are kept
// in the printed folder for DevTools.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbEngine } from '../src/server/db/database.ts';
import type { Benchmark } from './benchmark.ts';
import { printProfileSummary, summarizeCpuProfile } from './cpu-profile-summary.ts';
import type { LoadRequest } from './load-generator.ts';
import { measuredRun, newEmptySection, serverEnv } from './notes-api-load.ts';
import {
  benchDeps,
  benchToken,
  createBenchUser,
  openBenchDatabase,
  seedWorkspace,
} from './notes-api-setup.ts';
import { type ServerKind, startBenchServer } from './server-process.ts';

/** BENCH_PROFILE_SERVER=reference: profile the bare reference server instead, to compare frame by frame. */
const profiled: ServerKind = process.env.BENCH_PROFILE_SERVER === 'reference' ? 'reference' : 'app';
/** The reference serves the same two routes without the /api prefix. */
const prefix = profiled === 'app' ? '/api' : '';

async function profileScenario(
  label: string,
  env: Record<string, string>,
  request: LoadRequest,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `jotlist-profile-${label.replace(/\W+/g, '-')}-`));
  const file = join(dir, 'app.cpuprofile');
  const server = await startBenchServer(profiled, { env: { ...env, BENCH_CPU_PROFILE: file } });
  try {
    await measuredRun(server, request, 2);
    const figures = await measuredRun(server, request);
    console.log(
      `  ${label}: ${figures.rps.toFixed(0)} req/s, p99 ${figures.p99.toFixed(1)} ms, ` +
        `cpu ${figures.cpu.toFixed(0)}% (profiling slows it)`,
    );
  } finally {
    await server.stop();
  }
  console.log(`    profile: ${file}`);
  printProfileSummary(summarizeCpuProfile(file));
}

export async function runNotesApiProfile(): Promise<void> {
  const engine = (process.env.BENCH_PROFILE_ENGINE ?? 'sqlite') as DbEngine;
  const database = await openBenchDatabase(
    engine,
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  );
  try {
    const deps = benchDeps(database.handle, database.dataDir);
    const userId = await createBenchUser(deps);
    const seeded = await seedWorkspace(deps, userId);
    const token = await benchToken(deps, userId);
    const env = serverEnv(database);
    const auth = { authorization: `Bearer ${token}` };
    await profileScenario(`${engine} list a section's pages`, env, {
      method: 'GET',
      headers: auth,
      paths: seeded.sectionIds.map((id) => `${prefix}/sections/${id}/notes`),
    });
    const sectionId = await newEmptySection(database.options, userId);
    await profileScenario(`${engine} create a page`, env, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ sectionId }),
      paths: [`${prefix}/notes`],
    });
  } finally {
    await database.dispose();
  }
}

export const notesApiProfileBenchmark: Benchmark = {
  name: 'notes-api-profile',
  title: 'CPU profile of the app under the notes list and create load (top self-time frames)',
  onlyWhenNamed: true,
  run: runNotesApiProfile,
};

if (import.meta.main) await runNotesApiProfile();
