// Sign-in throughput (docs/performance.md): POST /api/auth/signin over loopback HTTP with autocannon, at a few
// connection counts, against the real app in its own process on SQLite. argon2id is the bound, so the
// hash parameters and the cost of one hash and one verify are printed beside the figures. Then sign-in
// with two-step sign-in on (password, then an authenticator code): p50/p95, one at a time. Never asserts.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { hash, verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { Secret, TOTP } from 'otpauth';
import { buildApp } from '../src/server/app.ts';
import type { Mailer, MailMessage } from '../src/server/mail/mailer.ts';
import { passwordHashOptions } from '../src/server/modules/auth/password-hashing.ts';
import { type Benchmark, formatMs, measure, percentile } from './benchmark.ts';
import { benchDeps, openBenchDatabase } from './notes-api-setup.ts';

const password = 'Str0ng&Pass-bench';
const connectionCounts = [1, 4, 16];
const seconds = 10;
/**
 * Sign-ins per account: the limiter allows 30 per address per 15 minutes (rate-limiter.ts), so each
 * account is used at most this often and the load rotates over a pool sized from the measured verify
 * time. Every request also speaks from its own X-Forwarded-For address (trusted from loopback), so the
 * per-address limits never apply either: what is measured is sign-in itself, not the 429 path.
 */
const usesPerAccount = 25;
/**
 * Accounts with two-step sign-in on, each signing in once with a code: a code's 30-second step is spent
 * when used (replay refused), so one account cannot sign in again with the same code.
 */
const twoStepAccounts = 60;

let lastIp = 0;
const nextIp = () => {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timeOf(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Keeps mails in memory, so accounts are confirmed from the link the app really sent. */
function memoryMailer(): Mailer & { linkTo(to: string): Promise<string> } {
  const waiting = new Map<string, (text: string) => void>();
  const sent = new Map<string, string>();
  return {
    async send(message: MailMessage) {
      const deliver = waiting.get(message.to);
      if (deliver) deliver(message.text);
      else sent.set(message.to, message.text);
    },
    close() {},
    linkTo(to) {
      const text = sent.get(to);
      const found = text ? Promise.resolve(text) : new Promise<string>((resolve) => waiting.set(to, resolve));
      return found.then((body) => {
        const link = body.match(/https?:\/\/\S+\/auth\/callback\?token=\S+/)?.[0];
        if (!link) throw new Error(`no confirmation link mailed to ${to}`);
        return new URL(link).searchParams.get('token') ?? '';
      });
    },
  };
}

const codeFor = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/**
 * Signs up and confirms `count` accounts through the real app (in this process), and `twoStepCount`
 * more with two-step sign-in turned on (re-authentication, set-up, a code); returns e-mails and secrets.
 */
async function createAccounts(
  database: Awaited<ReturnType<typeof openBenchDatabase>>,
  count: number,
  twoStepCount: number,
): Promise<{ emails: string[]; storedHash: string; twoStep: Array<{ email: string; secret: string }> }> {
  const mailer = memoryMailer();
  const deps = { ...benchDeps(database.handle, database.dataDir), mailer };
  const app = await buildApp(deps);
  const emails: string[] = [];
  const one = async (i: number) => {
    const email = `signin-bench-${i}@example.com`;
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: nextIp(),
      payload: { email, password, confirmPassword: password },
    });
    if (signUp.statusCode !== 202) throw new Error(`sign-up: ${signUp.statusCode} ${signUp.body}`);
    const token = await mailer.linkTo(email);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      remoteAddress: nextIp(),
      payload: { token },
    });
    if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
    return { email, cookies: Object.fromEntries(confirmed.cookies.map((c) => [c.name, c.value])) };
  };
  const account = async (i: number) => {
    emails.push((await one(i)).email);
  };
  const twoStep: Array<{ email: string; secret: string }> = [];
  const withTwoStep = async (i: number) => {
    const { email, cookies } = await one(count + i);
    const call = async (url: string, payload?: object) => {
      const res = await app.inject({ method: 'POST', url, cookies, remoteAddress: nextIp(), payload });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    await call('/api/account/reauth', { password });
    const { secret } = (await call('/api/account/two-step/setup')) as { secret: string };
    await call('/api/account/two-step/enable', { code: codeFor(secret) });
    twoStep.push({ email, secret });
  };
  // A few at a time: sign-up hashes on libuv's thread pool.
  for (let i = 0; i < count; i += 4) {
    await Promise.all([i, i + 1, i + 2, i + 3].filter((n) => n < count).map(account));
  }
  for (let i = 0; i < twoStepCount; i += 4) {
    await Promise.all([i, i + 1, i + 2, i + 3].filter((n) => n < twoStepCount).map(withTwoStep));
  }
  const stored = await deps.database.db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', emails[0] ?? '')
    .executeTakeFirstOrThrow();
  await app.close(); // also closes the database; the server child opens it again
  return { emails, storedHash: stored.password_hash, twoStep };
}

/** The real app in a child process (bench/load-server.ts), so autocannon here does not share its thread. */
async function startServer(database: Awaited<ReturnType<typeof openBenchDatabase>>) {
  const child = fork(fileURLToPath(new URL('./load-server.ts', import.meta.url)), ['app'], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_DB_OPTIONS: JSON.stringify(database.options),
      BENCH_DATA_DIR: database.dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [message] = (await once(child, 'message')) as [{ port: number }];
  return {
    url: `http://127.0.0.1:${message.port}`,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

export async function runSignInBench(): Promise<void> {
  const cores = availableParallelism();
  // Direct cost of the primitive, with the app's parameters.
  const hashMs = await timeOf(10, () => hash(password, passwordHashOptions));
  const sample = await hash(password, passwordHashOptions);
  const verifyMs = await timeOf(10, () => verify(sample, password));

  // Enough accounts that none reaches its limit even if the server verified on every core all along
  // (the 2 s warm-up included): no run can sign in faster than that ceiling.
  const ceiling = (cores / verifyMs) * 1000;
  const accounts = Math.ceil((ceiling * (seconds * connectionCounts.length + 2)) / usesPerAccount);

  const database = await openBenchDatabase('sqlite');
  try {
    const created = performance.now();
    const { emails, storedHash, twoStep } = await createAccounts(database, accounts, twoStepAccounts);
    const params = /\$argon2(\w+)\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(storedHash);
    console.log(
      `  argon2${params?.[1] ?? '?'} (read from a stored hash): m=${params?.[3]} KiB, t=${params?.[4]}, ` +
        `p=${params?.[5]}, v=${params?.[2]}; one hash ${hashMs.toFixed(1)} ms, one verify ` +
        `${verifyMs.toFixed(1)} ms (@node-rs/argon2, median of 10, ${cores} cores)`,
    );
    console.log(
      `  ${emails.length} confirmed accounts signed up through the app in ` +
        `${((performance.now() - created) / 1000).toFixed(1)} s; each signs in at most ${usesPerAccount} times`,
    );

    const server = await startServer(database);
    let next = 0;
    const body = () => {
      const email = emails[Math.floor(next / usesPerAccount) % emails.length];
      next += 1;
      return JSON.stringify({ email, password, rememberMe: false });
    };
    const options = (connections: number, duration: number): autocannon.Options => ({
      url: server.url,
      connections,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/api/auth/signin',
          setupRequest: (request) => ({
            ...request,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
            body: body(),
          }),
        },
      ],
    });
    try {
      await autocannon(options(2, 2)); // warm-up: JIT, statement caches
      console.log(`  autocannon, ${seconds} s per run, SQLite, app in its own process, loopback HTTP`);
      for (const connections of connectionCounts) {
        const result = await autocannon(options(connections, seconds));
        const failures = result.non2xx + result.errors + result.timeouts;
        console.log(
          `    ${String(connections).padStart(2)} connection${connections === 1 ? ' ' : 's'}  ` +
            `${result.requests.average.toFixed(1).padStart(6)} sign-ins/s   ` +
            `p50 ${result.latency.p50.toFixed(0).padStart(4)} ms   p99 ${result.latency.p99.toFixed(0).padStart(4)} ms` +
            `   (${result['2xx']} signed in${failures > 0 ? `, ${failures} failed` : ''})`,
        );
      }
      console.log(
        `  ceiling if every core did nothing but verify: ${ceiling.toFixed(0)} sign-ins/s ` +
          `(${cores} × 1000 / ${verifyMs.toFixed(1)} ms)`,
      );
      await signInWithTotp(server.url, twoStep);
    } finally {
      await server.stop();
    }
  } finally {
    await database.dispose();
  }
}

/**
 * Sign-in with two-step sign-in on, one at a time over loopback HTTP: the password (argon2id, no
 * session: a pending token) and then the authenticator code (POST /api/auth/second-step, which makes the
 * session). Both requests, and the code step alone; each account once (its code's step is then spent).
 */
async function signInWithTotp(url: string, accounts: Array<{ email: string; secret: string }>) {
  const post = async (path: string, body: object) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ secondStep?: { pendingToken: string } }>;
  };
  const codeStepMs: number[] = [];
  const warmup = 5;
  const stats = await measure(
    accounts.length - warmup,
    async (i) => {
      const account = accounts[i];
      if (!account) throw new Error('no account left');
      const first = await post('/api/auth/signin', { email: account.email, password });
      if (!first.secondStep) throw new Error('two-step sign-in was not asked');
      const started = performance.now();
      await post('/api/auth/second-step', {
        pendingToken: first.secondStep.pendingToken,
        method: 'totp',
        code: codeFor(account.secret),
      });
      if (i >= warmup) codeStepMs.push(performance.now() - started);
      return 0;
    },
    warmup,
  );
  codeStepMs.sort((a, b) => a - b);
  console.log(`  sign-in with TOTP, one at a time, ${codeStepMs.length} accounts, loopback HTTP`);
  console.log(`    password + code (two requests)  p50 ${formatMs(stats.p50)}   p95 ${formatMs(stats.p95)}`);
  console.log(
    `    the code step alone             p50 ${formatMs(percentile(codeStepMs, 50))}   p95 ${formatMs(percentile(codeStepMs, 95))}`,
  );
}

export const signInBenchmark: Benchmark = {
  name: 'sign-in',
  title: 'Sign-in throughput over HTTP (argon2id-bound), with the hash parameters',
  run: runSignInBench,
};

if (import.meta.main) await runSignInBench();
