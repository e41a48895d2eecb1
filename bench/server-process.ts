// A server under load runs in its own process (bench/load-server.ts): the app, the bare reference or the
// do-nothing control. Its CPU time and resident memory are read from /proc, so the figures are the
// server's alone, not the benchmark's or the load generator's.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverEnvironment, serverNodeFlags } from '../scripts/build-server.mjs';

export type ServerKind = 'app' | 'reference' | 'control';

export interface BenchServer {
  url: string;
  pid: number;
  /** User + system CPU seconds the process has used so far. */
  cpuSeconds(): number;
  /** Resident set size in MB (VmRSS). */
  rssMb(): number;
  stop(): Promise<void>;
}

// Linux reports CPU time in clock ticks of 1/100 s (USER_HZ is 100 on every architecture Node runs on).
const ticksPerSecond = 100;

function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, hence the last ')'): utime is 14th, stime 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

function rssMbOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

export interface StartOptions {
  /** Extra environment, e.g. BENCH_DB_OPTIONS, BENCH_DATA_DIR, BENCH_LOG_LEVEL. */
  env?: Record<string, string>;
  /** Extra node flags (e.g. `--cpu-prof`). */
  nodeFlags?: string[];
}

/**
 * How the server process runs: compiled to JavaScript the way `npm start` runs the app
 * (scripts/build-server.mjs; each kind's code a chunk of its own, so a server loads only its own), or
 * with BENCH_TSX=1 through tsx's loader, as the server ran before it was compiled for production (docs/performance.md).
 */
const viaTsx = process.env.BENCH_TSX === '1';
const loadServerSource = fileURLToPath(new URL('./load-server.ts', import.meta.url));
const compiledDir = fileURLToPath(new URL('../dist/bench', import.meta.url));
let compiled: Promise<string> | null = null;

/** Compiles bench/load-server.ts once per benchmark run; answers the file to run. */
function compiledLoadServer(): Promise<string> {
  // Chunk names carry a hash: without the earlier build's files, the folder holds only this run's.
  if (!compiled) rmSync(compiledDir, { recursive: true, force: true });
  compiled ??= buildServer({ entryPoints: [loadServerSource], outdir: compiledDir, splitting: true }).then(
    () => join(compiledDir, 'load-server.js'),
  );
  return compiled;
}

/** Starts bench/load-server.ts as a child process, answering once it listens. */
export async function startBenchServer(kind: ServerKind, options: StartOptions = {}): Promise<BenchServer> {
  const script = viaTsx ? loadServerSource : await compiledLoadServer();
  // The app runs with the flags `npm start` gives it; the reference and the control with node's defaults.
  const runtime = viaTsx ? ['--import', 'tsx'] : kind === 'app' ? serverNodeFlags : [];
  // BENCH_APP_FLAGS: node flags added to the app's (later flags win), to compare settings under load.
  const extra = kind === 'app' ? (process.env.BENCH_APP_FLAGS ?? '').split(' ').filter(Boolean) : [];
  const child = fork(script, [kind], {
    execArgv: [...runtime, ...extra, ...(options.nodeFlags ?? [])],
    // The app gets `npm start`'s environment defaults too (glibc's malloc settings).
    env: { ...(kind === 'app' ? serverEnvironment : {}), ...process.env, ...options.env },
    // The app's request log goes to stdout as in production (JSON), here to /dev/null.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const [message] = (await once(child, 'message')) as [{ port: number }];
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process has no pid');
  return {
    url: `http://127.0.0.1:${message.port}`,
    pid,
    cpuSeconds: () => cpuSecondsOf(pid),
    rssMb: () => rssMbOf(pid),
    async stop() {
      const exited = child.exitCode === null ? once(child, 'exit') : Promise.resolve();
      child.kill('SIGTERM');
      await exited;
    },
  };
}
