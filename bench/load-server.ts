// Child process for the load benchmark: serves either the real app or the reference server on the
// benchmark's database, so the load generator (bench/load-generator.ts, its own process) shares nothing.
//   node --import tsx bench/load-server.ts app|reference|control   (BENCH_DB_OPTIONS: JSON DatabaseOptions)
// BENCH_LOG_LEVEL: the app logs at this level as JSON to stdout, as in production (default: silent).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { DatabaseOptions } from '../src/server/db/database.ts';

const kind = process.argv[2];
const options = JSON.parse(process.env.BENCH_DB_OPTIONS ?? '{}') as DatabaseOptions;

// Each kind loads only its own modules, so a server's RSS is its own (the control loads no app code).
async function start(): Promise<number> {
  if (kind === 'reference') {
    const { startReferenceServer } = await import('./reference-server.ts');
    return (await startReferenceServer(options)).port;
  }
  if (kind === 'control') return (await import('./control-server.ts')).startControlServer();
  const { buildApp } = await import('../src/server/app.ts');
  const { openDatabase } = await import('../src/server/db/database.ts');
  const { createLogger } = await import('../src/server/logger.ts');
  const { benchDeps } = await import('./notes-api-setup.ts');
  const logLevel = process.env.BENCH_LOG_LEVEL;
  // BENCH_CLIENT_DIR: a folder with an index.html to serve as the SPA shell (the blog benchmark).
  const deps = {
    ...benchDeps(openDatabase(options), process.env.BENCH_DATA_DIR ?? '.'),
    clientDir: process.env.BENCH_CLIENT_DIR ?? null,
    ...(logLevel ? { logger: createLogger(logLevel, { pretty: false }) } : {}),
  };
  const app = await buildApp(deps);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const port = await start();
// BENCH_CPU_PROFILE=<file>: profile from now on (startup excluded: module compilation would swamp the
// request path), written on the stop signal.
const profileTo = process.env.BENCH_CPU_PROFILE;
const profiler = profileTo ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
// BENCH_HEAP_PROFILE=<file>: a sampling profile of every allocation (also those the GC has since
// collected), to see what makes the garbage, written on the stop signal. With
// BENCH_HEAP_PROFILE_PROMOTED=1 only what outlived the young generation: what fills the old one.
const heapProfileTo = process.env.BENCH_HEAP_PROFILE;
const heapProfiler = heapProfileTo ? new Session() : null;
if (heapProfiler) {
  heapProfiler.connect();
  await heapProfiler.post('HeapProfiler.startSampling', {
    samplingInterval: 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: process.env.BENCH_HEAP_PROFILE_PROMOTED !== '1',
  });
}
// Exit normally on a stop signal, so `--cpu-prof` or BENCH_CPU_PROFILE get to write their profile.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (profiler && profileTo) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(profileTo, JSON.stringify(profile));
    }
    if (heapProfiler && heapProfileTo) {
      const { profile } = await heapProfiler.post('HeapProfiler.stopSampling');
      writeFileSync(heapProfileTo, JSON.stringify(profile));
    }
    process.exit(0);
  });
}
process.send?.({ port });
