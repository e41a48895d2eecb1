// The server compiled to JavaScript for `npm start` (issue 16): one ES module bundle of our own code,
// packages left to node_modules. Run through tsx's loader instead, the server carried the loader and
// esbuild's service (+27 MB resident, measured) and compiled every file at each start.
// `npm run dev`, the tests and the benchmarks' in-process parts keep running the TypeScript directly.
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

const root = join(import.meta.dirname, '..');
export const serverBuildDir = join(root, 'dist/server');
export const serverEntry = join(serverBuildDir, 'main.js');

/**
 * Node flags the compiled server runs with (`npm start`, and the benchmarks' app process). A young
 * generation of 2 × 4 MB semi-spaces instead of V8's default, which grew to 64 MB under load (issue 16):
 * the server's RSS under load fell from ~195 to ~145 MB, and CPU per request did not rise (measured,
 * bench/notes-api load). Source maps: stack traces (logged for a 5xx only) point into the TypeScript.
 */
export const serverNodeFlags = ['--max-semi-space-size=4', '--enable-source-maps'];

/** The newest modification time of a file, or of any file under a folder. */
export function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** What the bundle is made of: its sources, and this script (which holds the build's settings). */
const serverSources = ['src/server', 'src/shared', 'scripts/build-server.mjs'].map((p) => join(root, p));

/** Whether `built` is missing or older than a server source. */
export function serverBuildIsStale(built = serverEntry) {
  if (!existsSync(built)) return true;
  const newestSource = Math.max(...serverSources.filter((p) => existsSync(p)).map(newestMtime));
  return newestSource > statSync(built).mtimeMs;
}

/**
 * Plain JavaScript files the server loads by path at run time (worker threads, e.g. the SQLite backup's
 * vacuum-worker.mjs, found with `new URL('./x.mjs', import.meta.url)`). A bundle has no folders, so they
 * are copied beside it, where that URL now points.
 */
function runtimeFiles(dir = join(root, 'src/server')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return runtimeFiles(path);
    return entry.name.endsWith('.mjs') ? [path] : [];
  });
}

/**
 * Bundles `entryPoints` (default: the server's main.ts into dist/server/main.js) as ES modules for Node.
 * With several entry points, or `splitting`, each dynamic import becomes a chunk of its own, loaded
 * only when reached (the benchmark's server process relies on that).
 */
export async function buildServer({
  entryPoints = [join(root, 'src/server/main.ts')],
  outdir = serverBuildDir,
  splitting = false,
} = {}) {
  const { build } = await import('esbuild');
  mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints,
    outdir,
    bundle: true,
    splitting,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Packages stay in node_modules: native modules (better-sqlite3) and pino's worker-thread transports
    // must be loaded from there, and bundling them would only grow the file.
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  const copied = new Set();
  for (const file of runtimeFiles()) {
    const name = basename(file);
    if (copied.has(name)) throw new Error(`Two run-time files are named ${name}: rename one`);
    copied.add(name);
    copyFileSync(file, join(outdir, name));
  }
}
