import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

/** What the service worker learns of the build it belongs to (see public/sw.js). */
export interface ServiceWorkerBuild {
  /** Changes whenever any cached file changes: it names the worker's cache. */
  id: string;
  /** Root-relative paths the worker caches on install: the app shell and every built file. */
  files: string[];
}

/** Only the files a page can load: source maps and the blog's server-side shell are never fetched. */
const cached = (path: string) => !path.endsWith('.map') && path !== '/blog.html' && path !== '/sw.js';

function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path, base) : [`/${relative(base, path).split(sep).join('/')}`];
  });
}

/** The build's description, read from the finished output folder. */
export function describeBuild(outDir: string): ServiceWorkerBuild {
  const files = listFiles(outDir).filter(cached).sort();
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(outDir, file)));
  return { id: hash.digest('hex').slice(0, 16), files };
}

/** The worker's source with the build put before it: its first line sets `self.jotlistBuild`. */
export function stampServiceWorker(source: string, build: ServiceWorkerBuild): string {
  return `self.jotlistBuild = ${JSON.stringify(build)};\n${source}`;
}

/**
 * Writes the build id and the list of built files into the copied `sw.js`, so the worker caches exactly
 * this build under a cache named by it. The browser compares a worker byte for byte: every new build is
 * a new worker, which then waits for the page's Reload (never a new app against an old page's code).
 * `vite dev` does not run it: there the worker has no build and caches nothing.
 */
export function serviceWorkerBuild(): Plugin {
  let outDir = '';
  return {
    name: 'jotlist-service-worker-build',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        const worker = join(outDir, 'sw.js');
        writeFileSync(worker, stampServiceWorker(readFileSync(worker, 'utf8'), describeBuild(outDir)));
      },
    },
  };
}
