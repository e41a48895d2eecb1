// Several instances behind nginx (docs/performance.md): an authenticated list (GET /api/notes/tree, 20 notebooks)
// and create (POST /api/notebooks) through the nginx of deploy/nginx.conf, with one and then two
// instances on one PostgreSQL database, 50 connections for 10 s each. Load from wrk when installed
// (a Lua script adds the cookie and the POST), else autocannon in a child process, so the load
// generator never shares the app's CPU thread. Also the cost of one shared rate-limit check on
// PostgreSQL. On two cores a second instance may add nothing: the core count is printed beside.
// Never asserts.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PostgresRateLimitStore } from '../src/server/cluster/rate-limit-store.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { type Cluster, clusterUnavailable, startCluster } from '../src/server/test/cluster.ts';
import { asSignedIn, confirmedAccount, type SignedIn } from '../src/server/test/cluster-accounts.ts';
import type { Benchmark } from './benchmark.ts';

const run = promisify(execFile);
const connections = 50;
const seconds = 10;
const wrkPath = '/usr/bin/wrk';

interface Load {
  rps: number;
  p99Ms: number;
  errors: number;
}

const luaString = (value: string) => JSON.stringify(value);

/** wrk's "99%  12.34ms" line, in ms. */
function wrkMs(text: string): number {
  const match = /^\s*99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(text);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

async function withWrk(url: string, headers: Record<string, string>, post: boolean): Promise<Load> {
  const dir = mkdtempSync(join(tmpdir(), 'jotlist-wrk-'));
  try {
    const script = join(dir, 'request.lua');
    const lines = Object.entries(headers).map(
      ([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`,
    );
    if (post)
      lines.push(
        'wrk.method = "POST"',
        'wrk.body = "{}"',
        'wrk.headers["content-type"] = "application/json"',
      );
    // Non-2xx answers are counted: wrk reports them apart from socket errors.
    writeFileSync(script, `${lines.join('\n')}\n`);
    const { stdout } = await run(
      wrkPath,
      ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, url],
      { maxBuffer: 1 << 20 },
    );
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN);
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
    const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
    return { rps, p99Ms: wrkMs(stdout), errors: non2xx + socketErrors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withAutocannon(url: string, headers: Record<string, string>, post: boolean): Promise<Load> {
  const args = [
    'node_modules/autocannon/autocannon.js',
    '-j',
    '-c',
    String(connections),
    '-d',
    String(seconds),
  ];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  if (post) args.push('-m', 'POST', '-b', '{}', '-H', 'content-type=application/json');
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 1 << 24 });
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p99: number };
    errors: number;
    non2xx: number;
  };
  return { rps: result.requests.average, p99Ms: result.latency.p99, errors: result.errors + result.non2xx };
}

async function load(cluster: Cluster, account: SignedIn, post: boolean, useWrk: boolean): Promise<Load> {
  const headers = { cookie: account.cookie, origin: cluster.url };
  const url = `${cluster.url}${post ? '/api/notebooks' : '/api/notes/tree'}`;
  return useWrk ? withWrk(url, headers, post) : withAutocannon(url, headers, post);
}

/** Mean time of one capped take (a sign-in reservation) against the cluster's database. */
async function rateLimitCheckCost(
  databaseUrl: string,
): Promise<{ sequentialUs: number; concurrentUs: number }> {
  const handle = openDatabase({ databaseUrl });
  try {
    const store = new PostgresRateLimitStore(handle.db, () => new Date());
    for (let i = 0; i < 200; i++) await store.take(`bench:warm:${i % 10}`, 60_000, 1_000_000);
    const n = 2_000;
    let started = performance.now();
    for (let i = 0; i < n; i++) await store.take(`bench:seq:${i % 100}`, 60_000, 1_000_000);
    const sequentialUs = ((performance.now() - started) / n) * 1000;
    started = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async (_, worker) => {
        for (let i = 0; i < n / 10; i++) await store.take(`bench:par:${worker}:${i % 10}`, 60_000, 1_000_000);
      }),
    );
    const concurrentUs = ((performance.now() - started) / n) * 1000;
    return { sequentialUs, concurrentUs };
  } finally {
    await handle.close();
  }
}

const row = (label: string, result: Load) =>
  `  ${label.padEnd(28)} ${result.rps.toFixed(0).padStart(7)} req/s   p99 ${result.p99Ms.toFixed(1).padStart(7)} ms` +
  (result.errors ? `   (${result.errors} errors)` : '');

export const clusterBenchmark: Benchmark = {
  name: 'cluster',
  title: 'list and create through nginx, one vs two instances on PostgreSQL (50 connections, 10 s)',
  async run() {
    const unavailable = clusterUnavailable();
    if (unavailable) {
      console.log(`  skipped: ${unavailable}`);
      return;
    }
    const useWrk = await run(wrkPath, ['--version']).then(
      () => true,
      // wrk --version exits 1 after printing its banner: present.
      (error: { code?: unknown }) => error.code !== 'ENOENT',
    );
    console.log(
      `  cores (os.availableParallelism): ${availableParallelism()}; load generator: ${useWrk ? 'wrk' : 'autocannon'}` +
        '; measured on a shared, busy machine',
    );
    for (const instances of [1, 2]) {
      const cluster = await startCluster({ instances, env: { LOG_LEVEL: 'error' } });
      try {
        const account = await confirmedAccount(cluster, 'bench');
        for (let i = 0; i < 20; i++) {
          await fetch(
            `${cluster.url}/api/notebooks`,
            asSignedIn(cluster, account, { method: 'POST', body: '{}' }),
          );
        }
        const label = instances === 1 ? '1 instance' : '2 instances';
        console.log(row(`${label}: list (tree)`, await load(cluster, account, false, useWrk)));
        console.log(row(`${label}: create notebook`, await load(cluster, account, true, useWrk)));
        if (instances === 1) {
          const cost = await rateLimitCheckCost(cluster.databaseUrl);
          console.log(
            `  shared rate-limit check on PostgreSQL: ${cost.sequentialUs.toFixed(0)} µs each in sequence, ` +
              `${cost.concurrentUs.toFixed(0)} µs each at 10 in parallel (one upsert; memory on SQLite is ~0)`,
          );
        }
      } finally {
        await cluster.stop();
      }
    }
  },
};
