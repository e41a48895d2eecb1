// The load generator for the load benchmarks (docs/performance.md): `wrk` in its own process (Debian's `wrk`
// package), or autocannon's CLI in a child process when wrk is missing. Never in the benchmark's own
// process: a generator sharing a thread with anything else measures itself (one such run saw 4.7k req/s: docs/performance.md).
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LoadResult {
  rps: number;
  /** Latency percentiles in ms. */
  p50: number;
  p99: number;
  /** Non-2xx answers plus socket errors. */
  failures: number;
}

type Method = 'GET' | 'POST' | 'PATCH';

/** One request of a mix: its own method, path and body. */
export interface MixedRequest {
  method: Method;
  path: string;
  body?: string;
}

/**
 * What to send: one method and body over `paths`, cycled through; or, when `mix` is given, the mix's
 * requests cycled through instead (wrk only: the autocannon fallback sends the first).
 */
export interface LoadRequest {
  method: Method;
  /** Paths on the server, cycled through. */
  paths: string[];
  headers?: Record<string, string>;
  body?: string;
  mix?: MixedRequest[];
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  threads?: number;
}

let wrkAvailable: boolean | undefined;
/** Whether `wrk` is on PATH (checked once). */
export function hasWrk(): boolean {
  wrkAvailable ??= spawnSync('wrk', ['--version']).error === undefined;
  return wrkAvailable;
}

export const generatorName = () =>
  hasWrk()
    ? 'wrk (own process, 2 threads)'
    : 'autocannon CLI (own process; install wrk for the real harness)';

const luaString = (text: string) => JSON.stringify(text); // a JSON string is a valid Lua string literal

/** A wrk script: fixed method, headers and body; paths cycled; the latency percentiles printed as JSON. */
function wrkScript(request: LoadRequest): string {
  const headers = Object.entries(request.headers ?? {})
    .map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`)
    .join('\n');
  return `
wrk.method = ${luaString(request.method)}
${request.body === undefined ? '' : `wrk.body = ${luaString(request.body)}`}
${headers}
${
  request.mix
    ? `local mix = { ${request.mix
        .map(
          (m) =>
            `{ ${luaString(m.method)}, ${luaString(m.path)}, ${m.body === undefined ? 'nil' : luaString(m.body)} }`,
        )
        .join(',\n  ')} }
local counter = 0
request = function()
  counter = counter + 1
  local m = mix[(counter % #mix) + 1]
  return wrk.format(m[1], m[2], nil, m[3])
end`
    : `local paths = { ${request.paths.map(luaString).join(', ')} }
local counter = 0
request = function()
  counter = counter + 1
  return wrk.format(nil, paths[(counter % #paths) + 1])
end`
}
done = function(summary, latency, requests)
  local failures = summary.errors.status + summary.errors.connect + summary.errors.read
    + summary.errors.write + summary.errors.timeout
  io.write(string.format('\\nRESULT {"requests":%d,"micros":%d,"p50":%d,"p99":%d,"failures":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), failures))
end
`;
}

async function runWrk(options: LoadOptions, request: LoadRequest): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'jotlist-wrk-'));
  try {
    const script = join(dir, 'load.lua');
    writeFileSync(script, wrkScript(request));
    const { stdout } = await run(
      'wrk',
      [
        `-t${options.threads ?? 2}`,
        `-c${options.connections}`,
        `-d${options.seconds}s`,
        '--timeout',
        '10s',
        '-s',
        script,
        options.url,
      ],
      { maxBuffer: 1024 * 1024 },
    );
    const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
    const r = JSON.parse(line.slice('RESULT '.length)) as Record<
      'requests' | 'micros' | 'p50' | 'p99' | 'failures',
      number
    >;
    return { rps: r.requests / (r.micros / 1e6), p50: r.p50 / 1000, p99: r.p99 / 1000, failures: r.failures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** autocannon's CLI cannot cycle paths: it uses the first one (good enough for a fallback). */
async function runAutocannon(options: LoadOptions, request: LoadRequest): Promise<LoadResult> {
  const args = [
    join(import.meta.dirname, '../node_modules/autocannon/autocannon.js'),
    '--json',
    '-c',
    String(options.connections),
    '-d',
    String(options.seconds),
    '-m',
    request.method,
    ...Object.entries(request.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}=${value}`]),
    ...(request.body === undefined ? [] : ['-b', request.body]),
    `${options.url}${request.paths[0] ?? '/'}`,
  ];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

/** Drives `request` at the server for `options.seconds`, from a separate process. */
export function generateLoad(options: LoadOptions, request: LoadRequest): Promise<LoadResult> {
  return hasWrk() ? runWrk(options, request) : runAutocannon(options, request);
}

/** The median of an odd number of values (the middle one; the lower middle for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}
