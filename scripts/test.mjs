// `npm test`: every check, in order, stopping at the first stage that fails.
//   1. typecheck (tsc --noEmit)   2. lint (biome check .)   3. Vitest, all projects (API tests also run on
//   PostgreSQL when TEST_DATABASE_URL is set)   4. build the client into a temp folder   5. Playwright.
// Vitest and Playwright write JSON reports to temp files beside their console reporters; the last line
// printed is always `N passed, M failed` (CI reads it), and the exit code is non-zero when anything failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const work = mkdtempSync(join(tmpdir(), 'jotlist-npm-test-'));
const clientDir = join(work, 'client');
const vitestReport = join(work, 'vitest.json');
const playwrightReport = join(work, 'playwright.json');

const totals = { passed: 0, failed: 0 };

// Tools start with `#!/usr/bin/env node`: put this Node first so they run on the same version.
const env = {
  ...process.env,
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
};
// Into a pipe (CI logs) plain text reads best. NO_COLOR, not FORCE_COLOR=0: some tools take any
// FORCE_COLOR as "on".
if (!process.stdout.isTTY && env.FORCE_COLOR === undefined) env.NO_COLOR = '1';

function run(command, args, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readJson(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** Vitest's JSON report; a file that failed before running any test (import error) counts as one failure. */
function vitestCounts(report) {
  if (!report) return null;
  let failed = report.numFailedTests ?? 0;
  for (const file of report.testResults ?? []) {
    const ranNone = (file.assertionResults ?? []).every((test) => test.status !== 'failed');
    if (file.status === 'failed' && ranNone) failed += 1;
  }
  return { passed: report.numPassedTests ?? 0, failed };
}

/** Playwright's JSON report; a flaky test passed on retry. Errors outside tests (setup, fixtures) count too. */
function playwrightCounts(report) {
  if (!report?.stats) return null;
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
  return { passed: expected + flaky, failed: unexpected + (report.errors?.length ?? 0) };
}

function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

function finish(exitCode) {
  rmSync(work, { recursive: true, force: true });
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(exitCode);
}

/**
 * Runs one stage. A stage that reports test counts adds them; a failing stage whose report shows no
 * failed test (a crash, a type error, a lint error) counts as one failure so the total never reads clean.
 */
async function stage(title, command, args, options = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const code = await run(command, args, options.env);
  const counts = options.counts ? options.counts() : null;
  if (counts) {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
  }
  if (code === 0 && (!counts || counts.failed === 0)) {
    console.log(`✔ ${title} (${seconds(started)})`);
    return;
  }
  if (!counts || counts.failed === 0) totals.failed += 1;
  console.error(`\n✖ ${title} failed (exit code ${code}, ${seconds(started)}). Stopping here.`);
  finish(code === 0 ? 1 : code);
}

process.on('SIGINT', () => finish(130));
process.on('SIGTERM', () => finish(143));

// tsc colours its output even into a pipe; CI logs read better plain.
await stage('Typecheck (tsc --noEmit)', bin('tsc'), [
  '--noEmit',
  ...(process.stdout.isTTY ? [] : ['--pretty', 'false']),
]);
await stage('Lint (biome check .)', bin('biome'), ['check', '.']);
await stage(
  'Unit and API tests (vitest run)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  { counts: () => vitestCounts(readJson(vitestReport)) },
);
await stage('Build the client for the browser tests (vite build)', bin('vite'), [
  'build',
  '--outDir',
  clientDir,
  '--emptyOutDir',
  '--logLevel',
  'warn',
]);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `\n✖ No Chromium at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  totals.failed += 1;
  finish(1);
}
await stage('Browser journeys (playwright test)', bin('playwright'), ['test', '--reporter=list,json'], {
  env: { E2E_CLIENT_DIR: clientDir, PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
  counts: () => playwrightCounts(readJson(playwrightReport)),
});
finish(0);
