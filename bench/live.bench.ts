// Live events (docs/performance.md): the memory 2,000 idle event streams cost one instance (its RSS with
// none, then with them open, read from /proc), and how long a change takes to reach another session's
// stream through nginx with two instances on one PostgreSQL (the change written through nginx, the
// stream read through nginx; each lands on either instance, so most samples cross the NOTIFY channel).
// Streams are read with fetch from this process, standing in for the browsers. Never asserts.
import { readFileSync } from 'node:fs';
import { serverNodeFlags } from '../scripts/build-server.mjs';
import { clusterUnavailable, startCluster } from '../src/server/test/cluster.ts';
import {
  asSignedIn,
  clusterPassword,
  confirmedAccount,
  postJson,
  randomClientIp,
} from '../src/server/test/cluster-accounts.ts';
import { type Benchmark, percentile } from './benchmark.ts';

const idleStreams = 2000;
const samples = 100;

const rssMb = (pid: number | undefined) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
};

interface Reader {
  /** Resolves at the next `change` event. */
  nextChange(): Promise<void>;
  ready: Promise<void>;
  close(): void;
}

function readStream(url: string, cookie: string): Reader {
  const abort = new AbortController();
  const waiting: { resolve: (() => void) | null } = { resolve: null };
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  void (async () => {
    const res = await fetch(`${url}/api/events`, { headers: { cookie }, signal: abort.signal });
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        const text = decoder.decode(chunk, { stream: true });
        if (text.includes('event: ready')) resolveReady();
        const done = waiting.resolve;
        if (text.includes('event: change') && done) {
          waiting.resolve = null;
          done();
        }
      }
    } catch {
      // Closed by close().
    }
  })();
  return {
    ready,
    nextChange: () =>
      new Promise<void>((resolve) => {
        waiting.resolve = resolve;
      }),
    close: () => abort.abort(),
  };
}

export const liveBenchmark: Benchmark = {
  name: 'live',
  title: 'live events: memory of 2,000 idle streams; change → other session p95 through nginx, 2 instances',
  async run() {
    const missing = clusterUnavailable();
    if (missing) {
      console.log(`  skipped: ${missing}`);
      return;
    }
    // The instances run with the node flags `npm start` gives the app (its GC settings): the memory of
    // streams is the production server's. BENCH_LIVE_DEFAULT_FLAGS=1 runs them with node's defaults.
    const nodeFlags = process.env.BENCH_LIVE_DEFAULT_FLAGS === '1' ? [] : serverNodeFlags;
    const cluster = await startCluster({ instances: 2, env: { LOG_LEVEL: 'error' }, nodeFlags });
    try {
      const account = await confirmedAccount(cluster, 'bench');
      const [first] = cluster.instances;
      if (!first) return;
      const direct = `http://127.0.0.1:${first.port}`;
      // Warm the instance (its code paths, a stream opened and closed) before the baseline.
      const warm = readStream(direct, account.cookie);
      await warm.ready;
      warm.close();
      const pid = first.server.child.pid;
      const openIdle = async () => {
        const readers: Reader[] = [];
        // Opened 100 at a time, as tabs come and go: the figure is what idle streams hold, not the
        // peak of 2,000 opening in the same millisecond.
        for (let i = 0; i < idleStreams; i += 100) {
          const batch = Array.from({ length: 100 }, () => readStream(direct, account.cookie));
          await Promise.all(batch.map((reader) => reader.ready));
          readers.push(...batch);
        }
        // The streams' first allocations settle; idle means heartbeats only.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        return readers;
      };
      const report = (label: string, before: number, after: number) =>
        console.log(
          `  ${label}: RSS ${before.toFixed(1)} MB → ${after.toFixed(1)} MB (+${(after - before).toFixed(1)} MB, ` +
            `${(((after - before) * 1024) / idleStreams).toFixed(1)} KB each; target ≤ 60 MB)`,
        );
      // Cold: the instance's heap grows to hold them for the first time.
      const cold = rssMb(pid);
      let readers = await openIdle();
      report(`${idleStreams} idle streams, first time`, cold, rssMb(pid));
      for (const reader of readers) reader.close();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      // Steady state: none open on a heap that has held them once, then as many again.
      const none = rssMb(pid);
      readers = await openIdle();
      report(`${idleStreams} idle streams, again (steady state)`, none, rssMb(pid));
      for (const reader of readers) reader.close();

      // Latency: a second session of the account writes; the first one's stream hears it.
      const signIn = await postJson(
        `${cluster.url}/api/auth/signin`,
        { email: account.email, password: clusterPassword, rememberMe: false },
        { 'x-forwarded-for': randomClientIp() },
      );
      const writer = {
        email: account.email,
        cookie: signIn.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; '),
      };
      const listener = readStream(cluster.url, account.cookie);
      await listener.ready;
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const heard = listener.nextChange();
        const started = performance.now();
        const res = await fetch(
          `${cluster.url}/api/notebooks`,
          asSignedIn(cluster, writer, { method: 'POST', body: '{}' }),
        );
        await res.arrayBuffer();
        await heard;
        times.push(performance.now() - started);
      }
      listener.close();
      times.sort((a, b) => a - b);
      const instancesSeen = cluster.instances.length;
      console.log(
        `  change → other session's stream through nginx (${instancesSeen} instances, PostgreSQL NOTIFY), ` +
          `${samples} changes: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (target ≤ 1000 ms)`,
      );
    } finally {
      await cluster.stop();
    }
  },
};
