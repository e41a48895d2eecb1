// Child process for the load benchmark: serves either the real app or the reference server on the
// benchmark's database, so the load generator (autocannon, in the parent) does not share its thread.
//   node --import tsx bench/load-server.ts app|reference   (BENCH_DB_OPTIONS: JSON DatabaseOptions)
import { buildApp } from '../src/server/app.ts';
import { type DatabaseOptions, openDatabase } from '../src/server/db/database.ts';
import { benchDeps } from './notes-api-setup.ts';
import { startReferenceServer } from './reference-server.ts';

const kind = process.argv[2];
const options = JSON.parse(process.env.BENCH_DB_OPTIONS ?? '{}') as DatabaseOptions;

async function start(): Promise<number> {
  if (kind === 'reference') return (await startReferenceServer(options)).port;
  // BENCH_CLIENT_DIR: a folder with an index.html to serve as the SPA shell (the blog benchmark).
  const deps = {
    ...benchDeps(openDatabase(options), process.env.BENCH_DATA_DIR ?? '.'),
    clientDir: process.env.BENCH_CLIENT_DIR ?? null,
  };
  const app = await buildApp(deps);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

// Exit normally on a stop signal, so `--cpu-prof` (when profiling a run) gets to write its profile.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => process.exit(0));

const port = await start();
process.send?.({ port });
