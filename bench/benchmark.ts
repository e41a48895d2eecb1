/**
 * One benchmark: it measures and prints figures, and never asserts (docs/testing.md). run.ts lists them;
 * a new benchmark is a new file in bench/ exporting one of these, added to that list.
 */
export interface Benchmark {
  /** Short id, used to pick benchmarks: `npm run bench -- <name>`. */
  name: string;
  /** One line saying what is measured. */
  title: string;
  /** Long or diagnostic runs (a soak, a profile): only when named, never in a plain `npm run bench`. */
  onlyWhenNamed?: boolean;
  run(): Promise<void>;
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export interface LatencyStats {
  p50: number;
  p95: number;
  /** The size of the last response measured (what `fn` returned). */
  bytes: number;
}

/** The value at percentile `p` of an ascending list (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/**
 * Runs `fn` `warmup` times unmeasured, then `runs` times one after another; latency in ms. `fn` returns
 * the size of what it received, reported as `bytes`.
 */
export async function measure(
  runs: number,
  fn: (i: number) => Promise<number>,
  warmup = 5,
): Promise<LatencyStats> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    bytes = await fn(i + warmup);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes };
}

/** A latency in ms, right-aligned for tables. */
export const formatMs = (value: number) => `${value.toFixed(1).padStart(6)} ms`;

/**
 * The engines the notes benchmarks run on: BENCH_ENGINES=postgres (or sqlite) runs one of them alone,
 * e.g. to compare a PostgreSQL change back to back without waiting for the SQLite half. Default: both.
 */
export const benchEngines: readonly string[] = (process.env.BENCH_ENGINES ?? 'sqlite,postgres')
  .split(',')
  .map((engine) => engine.trim());
