// `npm run bench [-- name ...]`: runs every benchmark (or the named ones) in turn and prints figures.
// Benchmarks never assert (docs/testing.md); they are for comparing runs on the same machine.
import { backupBenchmark } from './backup.bench.ts';
import type { Benchmark } from './benchmark.ts';
import { billingBenchmark } from './billing.bench.ts';
import { blogBenchmark } from './blog.bench.ts';
import { blogLighthouseBenchmark } from './blog-lighthouse.bench.ts';
import { bundleSizeBenchmark } from './bundle-size.bench.ts';
import { calendarsBenchmark } from './calendars.bench.ts';
import { clusterBenchmark } from './cluster.bench.ts';
import { editorBenchmark } from './editor.bench.ts';
import { liveBenchmark } from './live.bench.ts';
import { notesApiBenchmark } from './notes-api.ts';
import { notesApiProfileBenchmark } from './notes-api-profile.ts';
import { notesApiSoakBenchmark } from './notes-api-soak.ts';
import { offlineBenchmark } from './offline.bench.ts';
import { pagesBenchmark } from './pages.bench.ts';
import { passkeySignInBenchmark } from './passkey-sign-in.bench.ts';
import { planBenchmark } from './plan.bench.ts';
import { recurrenceBenchmark } from './recurrence.ts';
import { remindersBenchmark } from './reminders.ts';
import { replayBenchmark } from './replay.bench.ts';
import { signInBenchmark } from './sign-in.bench.ts';
import { todosApiBenchmark } from './todos-api.ts';
import { workspaceTreeBenchmark } from './workspace-tree.bench.ts';

/** Every benchmark, in the order they run. Add a new bench/<x>.bench.ts here. */
const benchmarks: Benchmark[] = [
  bundleSizeBenchmark,
  notesApiBenchmark,
  notesApiSoakBenchmark,
  notesApiProfileBenchmark,
  todosApiBenchmark,
  planBenchmark,
  recurrenceBenchmark,
  remindersBenchmark,
  signInBenchmark,
  passkeySignInBenchmark,
  workspaceTreeBenchmark,
  offlineBenchmark,
  backupBenchmark,
  blogBenchmark,
  blogLighthouseBenchmark,
  billingBenchmark,
  calendarsBenchmark,
  clusterBenchmark,
  liveBenchmark,
  replayBenchmark,
  editorBenchmark,
  pagesBenchmark,
];

/** Names that stand for several benchmarks: `plan` is every plan-the-day figure. */
const groups: Record<string, string[]> = { plan: ['plan-views', 'recurrence', 'reminders'] };

const wanted = process.argv.slice(2).flatMap((name) => groups[name] ?? [name]);
const unknown = wanted.filter((name) => !benchmarks.some((benchmark) => benchmark.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark: ${unknown.join(', ')}. Known: ${benchmarks.map((b) => b.name).join(', ')}`,
  );
  process.exit(2);
}

for (const benchmark of benchmarks) {
  if (wanted.length > 0 ? !wanted.includes(benchmark.name) : benchmark.onlyWhenNamed) continue;
  console.log(`\n${benchmark.name}: ${benchmark.title}`);
  const started = performance.now();
  await benchmark.run();
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
