// Lighthouse (mobile, its default simulated throttling) on the server-rendered public blog (docs/performance.md):
// /blog and one post, against the real server (src/server/main.ts) in its own process, with the built
// client and a seeded SQLite data dir. Figures only; targets: 100 for accessibility, best practices and
// SEO, ≥ 95 performance. Needs Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
// BENCH_CLIENT_DIR=<dir with a built index.html and blog.html> reuses a build instead of running `vite build`.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { migrateToLatest, openDatabase } from '../src/server/db/database.ts';
import { databaseOptionsFromConfig } from '../src/server/db/database-options.ts';
import { freePort } from '../src/server/test/real-server.ts';
import type { Benchmark } from './benchmark.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..');
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
].join(' ');
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** A category and a few published posts, without images (the machine has no network). */
async function seed(dataDir: string): Promise<string> {
  // Keyed as the server started on this DATA_DIR keys it (the key file generated beside the data).
  const handle = openDatabase(databaseOptionsFromConfig({ DATA_DIR: dataDir }));
  await migrateToLatest(handle.db);
  const categoryId = randomUUID();
  await handle.db.insertInto('blog_categories').values({ id: categoryId, name: 'Product' }).execute();
  const paragraph =
    '<p>Keeping notes and tasks together means fewer places to look. <strong>Jotlist</strong> puts ' +
    'notebooks beside to-do lists, so a meeting note can become a task in <em>one</em> step.</p>';
  for (let i = 1; i <= 5; i += 1) {
    const at = new Date(Date.UTC(2026, 9, i)).toISOString();
    await handle.db
      .insertInto('blog_posts')
      .values({
        id: randomUUID(),
        title: `How to plan a calm week, part ${i}`,
        slug: `calm-week-${i}`,
        excerpt: 'A short guide to planning a week with notes and tasks in one place.',
        content: `<h2>Start small</h2>${paragraph.repeat(5)}<ul><li>One</li><li>Two</li></ul><blockquote><p>Small steps.</p></blockquote>`,
        featured_image: null,
        category_id: categoryId,
        status: 'published',
        tags: JSON.stringify(['planning', 'guides']),
        reading_time: 4,
        meta_title: '',
        meta_description: '',
        published_at: at,
        views: 0,
        created_at: at,
        updated_at: at,
        author_id: null,
      })
      .execute();
  }
  await handle.close();
  return 'calm-week-5';
}

async function startServer(
  dataDir: string,
  clientDir: string,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // SQLite in the seeded data dir, whatever DATABASE_URL the shell has.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let tries = 0; tries < 100; tries += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const up = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; displayValue?: string }>;
}

async function lighthouse(url: string): Promise<LighthouseReport> {
  const { stdout } = await run(
    join(root, 'node_modules', '.bin', 'lighthouse'),
    [
      url,
      '--quiet',
      '--output=json',
      '--output-path=stdout',
      `--only-categories=${categories.join(',')}`,
      `--chrome-flags=${chromeFlags}`,
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as LighthouseReport;
}

/**
 * Total blocking time, most of the performance score, swings with whatever else the shared machine
 * runs; Lighthouse's own advice is the median of several runs.
 */
const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const performanceOf = (report: LighthouseReport) => report.categories.performance?.score ?? 0;

function median(reports: LighthouseReport[]): LighthouseReport {
  const sorted = [...reports].sort((a, b) => performanceOf(a) - performanceOf(b));
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no Lighthouse report');
  return middle;
}

function line(label: string, report: LighthouseReport) {
  const score = (name: string) => {
    const value = report.categories[name]?.score;
    return `${name} ${value === null || value === undefined ? '?' : Math.round(value * 100)}`;
  };
  const cls = report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
  const lcp = report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
  const tbt = report.audits['total-blocking-time']?.numericValue ?? Number.NaN;
  console.log(
    `    ${label.padEnd(18)} ${categories.map(score).join('   ')}   ` +
      `CLS ${cls.toFixed(3)}   LCP ${(lcp / 1000).toFixed(1)} s   TBT ${Math.round(tbt)} ms`,
  );
}

export const blogLighthouseBenchmark: Benchmark = {
  name: 'blog-lighthouse',
  title: 'Lighthouse mobile on /blog and a post (real server, built client, SQLite)',
  async run() {
    const workDir = mkdtempSync(join(tmpdir(), 'jotlist-lighthouse-'));
    try {
      let clientDir = process.env.BENCH_CLIENT_DIR ?? '';
      // blog.html too: a build without it serves the blog in the SPA's shell, which is not what ships.
      if (!clientDir || !existsSync(join(clientDir, 'blog.html'))) {
        clientDir = join(workDir, 'client');
        await run(
          process.execPath,
          [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', clientDir],
          {
            cwd: root,
          },
        );
      }
      const slug = await seed(workDir);
      const server = await startServer(workDir, clientDir);
      try {
        for (const path of ['/blog', `/blog/${slug}`]) {
          const reports: LighthouseReport[] = [];
          for (let i = 0; i < runs; i += 1) reports.push(await lighthouse(`${server.url}${path}`));
          line(path, median(reports));
        }
        console.log(
          `    (each the run of median performance of ${runs}; BENCH_LIGHTHOUSE_RUNS sets how many)`,
        );
        console.log('    targets: performance ≥ 95, accessibility, best-practices and seo 100');
      } finally {
        server.child.kill('SIGTERM');
        if (server.child.exitCode === null) await once(server.child, 'exit');
      }
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  },
};
