// What one large import does to everyone else (part of `npm run bench -- backup`): while one user
// imports the benchmark's file (~45 MB, 100,000 rows) through the real server, four other users read a
// small list (GET /api/todos/tree) 10 times a second each, on a connection each, and in the last round
// a fifth creates a list 5 times a second. Printed: p50/p95/max of those reads (and writes) made while
// the import ran, the import's own time, and the same reads with no import as the baseline.
import { percentile } from './benchmark.ts';

export interface ContentionServer {
  url: string;
}

interface Sample {
  started: number;
  ms: number;
}

const readers = 4;
/** Each reader's pace: 4 readers make 40 reads a second, a writer 5 writes. */
const readEveryMs = 100;
const writeEveryMs = 200;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * Sends `request` every `everyMs` until `done()`, each call timed from when it was due, not from when
 * it could be sent: a client kept waiting by a stalled server would otherwise send fewer requests
 * during the stall, and the stall would hardly show in the percentiles (coordinated omission).
 */
async function paced(
  request: () => Promise<Response>,
  done: () => boolean,
  everyMs: number,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  let due = performance.now();
  while (!done()) {
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (done()) break;
    const res = await request();
    await res.arrayBuffer();
    samples.push({ started: due, ms: performance.now() - due });
    if (!res.ok) throw new Error(`${res.url} answered ${res.status}`);
    due += everyMs;
  }
  return samples;
}

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

/**
 * The reads (and optionally writes) of other users while `during` runs; answers one line of figures.
 * `during` answers its own duration in ms.
 */
async function underLoad(
  server: ContentionServer,
  readerTokens: string[],
  writerToken: string | null,
  during: () => Promise<void>,
): Promise<{ reads: string; writes: string | null; ms: number }> {
  let finished = false;
  const done = () => finished;
  const get = (token: string) => () =>
    fetch(`${server.url}/api/todos/tree`, { headers: { authorization: `Bearer ${token}` } });
  const readLoops = readerTokens.map((token) => paced(get(token), done, readEveryMs));
  const writeLoop = writerToken
    ? paced(
        () =>
          fetch(`${server.url}/api/todos`, {
            method: 'POST',
            headers: { authorization: `Bearer ${writerToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({ title: 'During an import' }),
          }),
        done,
        writeEveryMs,
      )
    : Promise.resolve([]);
  // The loops get going (connections open, code warm) before the measured part starts.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const from = performance.now();
  try {
    await during();
  } finally {
    finished = true;
  }
  const to = performance.now();
  const reads = (await Promise.all(readLoops)).flat();
  const writes = await writeLoop;
  return {
    reads: stats(reads, from, to),
    writes: writerToken ? stats(writes, from, to) : null,
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
    const run = await underLoad(server, readerTokens, writer, importOnce(dryRun));
    const writes = run.writes ? `; other users' writes: ${run.writes}` : '';
    console.log(
      `  ${engine}: ${label} of ${size} took ${seconds(run.ms)}; other users' reads meanwhile: ${run.reads}${writes}`,
    );
  }
}
