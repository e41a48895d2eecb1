import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { type Benchmark, formatKb } from './benchmark.ts';

const root = join(import.meta.dirname, '..');
const TARGET_BYTES = 120 * 1024;
/** The route module `/landing` loads lazily (src/client/routes/router.tsx). */
const LANDING_MODULE = 'src/client/routes/landing-page.tsx';

interface LoadedFile {
  file: string;
  why: string;
}

/** Script and modulepreload URLs in the built index.html, in document order. */
function htmlScripts(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const isModuleScript = match[1] === 'script' && /type="module"/.test(tag);
    const isPreload = match[1] === 'link' && /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isModuleScript || isPreload) && url) urls.push(url.replace(/^\//, ''));
  }
  return urls;
}

/** A manifest chunk and, recursively, every chunk it imports statically (what the browser fetches). */
function withStaticImports(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((next) => withStaticImports(manifest, next, seen))];
}

/**
 * The JavaScript a first visit to the landing page downloads: index.html's entry and modulepreloads,
 * their static imports, and the lazy landing-page chunk with its own static imports.
 */
export function landingPageScripts(outDir: string): LoadedFile[] {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const files: LoadedFile[] = [];
  const add = (file: string, why: string) => {
    if (file.endsWith('.js') && !files.some((known) => known.file === file)) files.push({ file, why });
  };
  for (const url of htmlScripts(html)) add(url, 'index.html');
  for (const file of withStaticImports(manifest, 'index.html')) add(file, 'entry import');
  if (!manifest[LANDING_MODULE]) throw new Error(`${LANDING_MODULE} is not in the Vite manifest`);
  for (const file of withStaticImports(manifest, LANDING_MODULE)) add(file, 'landing page (lazy)');
  return files;
}

export const bundleSizeBenchmark: Benchmark = {
  name: 'bundle-size',
  title: 'JavaScript the landing page loads, gzip level 9',
  async run() {
    const outDir = await mkdtemp(join(tmpdir(), 'jotlist-bench-client-'));
    try {
      await build({
        root,
        logLevel: 'warn',
        build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
      });
      const rows = landingPageScripts(outDir).map(({ file, why }) => {
        const raw = readFileSync(join(outDir, file));
        return { file, why, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
      });
      const width = Math.max(...rows.map((row) => row.file.length), 5);
      for (const row of rows) {
        console.log(
          `  ${row.file.padEnd(width)}  ${formatKb(row.gzip).padStart(9)} gzip  ${formatKb(row.raw).padStart(9)} raw  ${row.why}`,
        );
      }
      const total = rows.reduce((sum, row) => sum + row.gzip, 0);
      const share = Math.round((total / TARGET_BYTES) * 100);
      console.log(
        `  ${'total'.padEnd(width)}  ${formatKb(total).padStart(9)} gzip  (target ${formatKb(TARGET_BYTES)}: ${share}%)`,
      );
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};
