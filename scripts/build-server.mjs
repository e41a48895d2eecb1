// The server compiled to JavaScript for `npm start` (docs/performance.md): one ES module bundle of our own code,
// packages left to node_modules. Run through tsx's loader instead, the server carried the loader and
// esbuild's service (+27 MB resident, measured) and compiled every file at each start.
// `npm run dev`, the tests and the benchmarks' in-process parts keep running the TypeScript directly.
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

const root = join(import.meta.dirname, '..');
export const serverBuildDir = join(root, 'dist/server');
export const serverEntry = join(serverBuildDir, 'main.js');

/**
 * Node flags the compiled server runs with (`npm start`, and the benchmarks' app process), for a flat,
 * bounded memory under load (docs/performance.md; `--trace-gc` and the soak: bench/notes-api-soak.ts):
 * - semi-spaces of 8 MB rather than V8's default, which grew the young generation to 64 MB under load.
 *   (4 MB was tried: with 50 requests in flight their objects outlived the young generation and were
 *   promoted, ~30 MB/s on PostgreSQL, so the old generation kept filling.)
 * - the old generation grows by half its live size after a full collection, not up to 4×: the live
 *   heap is ~43 MB, and V8 let the old generation reach ~175 MB between collections, which is most of
 *   the resident memory. Not a cap: a large request still gets the memory it needs.
 * Measured on PostgreSQL, 2-minute mixed soak: RSS 277 → 176 MB, req/s within the noise (703 vs 664;
 * a list load 1,832–2,055 vs 1,678–2,121).
 * Source maps: stack traces (logged for a 5xx only) point into the TypeScript.
 */
export const serverNodeFlags = [
  '--max-semi-space-size=8',
  '--heap-growing-percent=50',
  '--enable-source-maps',
];

/**
 * The server's environment defaults, read by glibc when the process starts (a value already in the
 * environment wins). MALLOC_MMAP_THRESHOLD_: allocations of 128 KiB and more are mapped and given back
 * when freed. glibc's own threshold rises to the largest block freed, so after a few 256 KiB file chunks
 * (attachments, the Markdown export) every such buffer came from the heap and was kept: the export of
 * 10,000 pages with 1,000 files peaked at ~420 MB RSS, 263 MB with this (docs/performance.md).
 */
export const serverEnvironment = { MALLOC_MMAP_THRESHOLD_: '131072' };

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
 * Worker threads written in TypeScript: each is built into a file of its own beside the bundle, where
 * the code starting it looks (`new URL('./<name>.js', import.meta.url)` when it runs compiled; from the
 * sources, the `.ts` through tsx).
 */
const workerEntries = [
  { in: join(root, 'src/server/modules/backup/backup-import-worker.ts'), out: 'backup-import-worker' },
];

/**
 * Bundles `entryPoints` (default: the server's main.ts into dist/server/main.js), and the worker threads,
 * as ES modules for Node, each named after its source file.
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
    entryPoints: [
      ...entryPoints.map((path) => ({ in: path, out: basename(path).replace(/\.[^.]+$/, '') })),
      ...workerEntries,
    ],
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
