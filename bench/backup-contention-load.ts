// The other users' traffic of the backup bench's contention part (bench/backup-contention.ts), in a
// process of its own: the bench's process also sends the 45 MB upload, and that stalls its own event
// loop for up to a second (measured), which timers and responses in the same process would count as the
// server's. Started by fork with IPC; its messages are LoadRequest / LoadMessage.

export interface LoadPlan {
  url: string;
  readerTokens: string[];
  writerToken: string | null;
  readEveryMs: number;
  writeEveryMs: number;
}

/** One request: when it was due (ms since the epoch, comparable across processes) and how long it took. */
export interface Sample {
  started: number;
  ms: number;
}

export type LoadRequest = { kind: 'start'; plan: LoadPlan } | { kind: 'stop' };
export type LoadMessage =
  | { kind: 'ready' }
  | { kind: 'samples'; reads: Sample[]; writes: Sample[] }
  | { kind: 'failed'; message: string };

const epochNow = () => performance.timeOrigin + performance.now();

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
  let due = epochNow();
  while (!done()) {
    const wait = due - epochNow();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (done()) break;
    const res = await request();
    await res.arrayBuffer();
    samples.push({ started: due, ms: epochNow() - due });
    if (!res.ok) throw new Error(`${res.url} answered ${res.status}`);
    due += everyMs;
  }
  return samples;
}

function run(plan: LoadPlan, done: () => boolean): Promise<[Sample[][], Sample[]]> {
  const get = (token: string) => () =>
    fetch(`${plan.url}/api/todos/tree`, { headers: { authorization: `Bearer ${token}` } });
  const post = (token: string) => () =>
    fetch(`${plan.url}/api/todos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'During an import' }),
    });
  const reads = Promise.all(plan.readerTokens.map((token) => paced(get(token), done, plan.readEveryMs)));
  const writes = plan.writerToken ? paced(post(plan.writerToken), done, plan.writeEveryMs) : [];
  return Promise.all([reads, writes]);
}

/** Sends the last message, then lets the process end (the IPC channel is all that keeps it alive). */
const sendLast = (message: LoadMessage) => process.send?.(message, () => process.disconnect?.());

process.on('message', (request: LoadRequest) => {
  if (request.kind !== 'start') return;
  let stopped = false;
  process.on('message', (next: LoadRequest) => {
    if (next.kind === 'stop') stopped = true;
  });
  const loops = run(request.plan, () => stopped);
  // The loops get going (connections open, code warm) before the measured part starts.
  setTimeout(() => process.send?.({ kind: 'ready' } satisfies LoadMessage), 300);
  loops.then(
    ([reads, writes]) => sendLast({ kind: 'samples', reads: reads.flat(), writes }),
    (error: unknown) =>
      sendLast({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
});
