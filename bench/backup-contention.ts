// What one large import does to everyone else (part of `npm run bench -- backup`): while one user
// imports the benchmark's file (~45 MB, 100,000 rows) through the real server, four other users read a
// small list (GET /api/todos/tree) 10 times a second each, on a connection each, and in the last round
// a fifth creates a list 5 times a second. Printed: p50/p95/max of those reads (and writes) made while
// the import ran, the import's own time, and the same reads with no import as the baseline. The other
// users run in a process of their own (bench/backup-contention-load.ts), not beside the upload.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { LoadMessage, LoadPlan, LoadRequest, Sample } from './backup-contention-load.ts';
import { percentile } from './benchmark.ts';

export interface ContentionServer {
  url: string;
  /**
   * Resolves once the server's background work after an import is done (on SQLite, its search indexer
   * catching up on the pages the import replaced: ~3 s here), so that each round measures its own
   * import, not the previous one's aftermath.
   */
  settled(): Promise<void>;
}

const readers = 4;
/** Each reader's pace: 4 readers make 40 reads a second, a writer 5 writes. */
const readEveryMs = 100;
const writeEveryMs = 200;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function stats(samples: Sample[], from: number, to: number): string {
  const times = samples
    .filter((s) => s.started >= from && s.started <= to)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  if (times.length === 0) return 'no requests';
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return (
    `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, ` +
    `max ${ms(times[times.length - 1] ?? Number.NaN)} (${times.length} requests)`
  );
}

/** Starts the other users' traffic in its own process; answers once it is going. */
async function startLoad(plan: LoadPlan) {
  const child = fork(fileURLToPath(new URL('./backup-contention-load.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // Every message is kept as it comes (one arriving while nothing waits would otherwise be lost).
  const messages: LoadMessage[] = [];
  let wake = () => {};
  child.on('message', (message: LoadMessage) => {
    messages.push(message);
    wake();
  });
  const exited = once(child, 'exit');
  const next = async (): Promise<LoadMessage> => {
    for (;;) {
      const message = messages.shift();
      if (message) return message;
      const woken = new Promise<void>((resolve) => {
        wake = resolve;
      });
      const stopped = await Promise.race([woken.then(() => false), exited.then(() => true)]);
      if (stopped && messages.length === 0) throw new Error('the load process ended without an answer');
    }
  };
  child.send({ kind: 'start', plan } satisfies LoadRequest);
  const ready = await next();
  if (ready.kind !== 'ready') throw new Error(`the load process: ${JSON.stringify(ready).slice(0, 200)}`);
  return {
    /** Stops the traffic; answers its samples. */
    async stop(): Promise<{ reads: Sample[]; writes: Sample[] }> {
      child.send({ kind: 'stop' } satisfies LoadRequest);
      const answer = await next();
      await exited;
      if (answer.kind !== 'samples') throw new Error(`the load process: ${JSON.stringify(answer)}`);
      return answer;
    },
  };
}

const epochNow = () => performance.timeOrigin + performance.now();

/**
 * The reads (and optionally writes) of other users while `during` runs; answers one line of figures.
 */
async function underLoad(
  server: ContentionServer,
  readerTokens: string[],
  writerToken: string | null,
  during: () => Promise<void>,
): Promise<{ reads: string; writes: string | null; ms: number }> {
  const load = await startLoad({ url: server.url, readerTokens, writerToken, readEveryMs, writeEveryMs });
  const from = epochNow();
  // The traffic stops (its process ends) whether the import succeeded or not.
  const failure = await during().then(
    () => null,
    (error: unknown) => error ?? new Error('the import failed'),
  );
  const to = epochNow();
  const samples = await load.stop();
  if (failure) throw failure;
  return {
    reads: stats(samples.reads, from, to),
    writes: writerToken ? stats(samples.writes, from, to) : null,
    ms: to - from,
  };
}

/** Creates a small list for each reader, so the list it reads is not empty. */
async function prepareReaders(server: ContentionServer, tokens: string[]): Promise<void> {
  for (const token of tokens) {
    const res = await fetch(`${server.url}/api/todos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Groceries' }),
    });
    if (!res.ok) throw new Error(`creating a list answered ${res.status}`);
  }
}

/**
 * Prints the contention figures: baseline reads, then reads during a preview (dry run), during an
 * import, and during an import with a writer beside the readers.
 */
export async function measureContention(
  engine: string,
  server: ContentionServer,
  importerToken: string,
  otherTokens: string[],
  body: Buffer,
): Promise<void> {
  const readerTokens = otherTokens.slice(0, readers);
  const writerToken = otherTokens[readers] ?? null;
  await prepareReaders(server, readerTokens);
  const size = `${(body.length / 1048576).toFixed(1)} MB`;

  const idle = await underLoad(server, readerTokens, null, () => new Promise((r) => setTimeout(r, 3000)));
  console.log(`  ${engine}: other users' reads, no import (${readers} clients): ${idle.reads}`);

  const importOnce = (dryRun: boolean) => async () => {
    const res = await fetch(`${server.url}/api/backup/import?clearExisting=true&dryRun=${dryRun}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${importerToken}`, 'content-type': 'application/json' },
      body: new Uint8Array(body),
    });
    const answer = await res.text();
    if (res.status !== 200) throw new Error(`import answered ${res.status}: ${answer.slice(0, 200)}`);
  };
  for (const [label, dryRun, writer] of [
    ['preview (dry run)', true, null],
    ['import', false, null],
    ['import, with a writer', false, writerToken],
  ] as const) {
    await server.settled();
    const run = await underLoad(server, readerTokens, writer, importOnce(dryRun));
    const writes = run.writes ? `; other users' writes: ${run.writes}` : '';
    console.log(
      `  ${engine}: ${label} of ${size} took ${seconds(run.ms)}; other users' reads meanwhile: ${run.reads}${writes}`,
    );
  }
}
