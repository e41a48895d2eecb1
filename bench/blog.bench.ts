// The public blog's server-rendered pages (docs/performance.md): req/s and p99 of /blog/<slug> and /blog under
// autocannon (50 connections, 10 s) against the real app in its own process on SQLite, with a built-
// client-like index.html as the shell. Figures only; target ≥ 5,000 req/s each on the 2-core machine.
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { DatabaseOptions } from '../src/server/db/database.ts';
import type { Benchmark } from './benchmark.ts';
import { benchDeps, createBenchUser, openBenchDatabase } from './notes-api-setup.ts';

const connections = 50;
const seconds = 10;
const posts = 30;
const target = 5000;

/** What `vite build` writes, near enough: a module script and a stylesheet from /assets. */
const builtShell = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Jotlist keeps your notes and tasks in one fast, calm place." />
    <meta name="theme-color" content="#2563eb" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Jotlist — notes and tasks, together</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body class="bg-white text-slate-900 antialiased">
    <div id="root"></div>
  </body>
</html>
`;

/** About a 1,200-word article: headings, paragraphs, a list, a quote, code, a link and an image. */
function articleHtml(n: number): string {
  const paragraph =
    '<p>Keeping notes and tasks together means fewer places to look. <strong>Jotlist</strong> puts ' +
    'notebooks beside to-do lists, so a meeting note can become a task in <em>one</em> step, and a ' +
    '<a href="https://example.com/guide" rel="noopener noreferrer nofollow">guide</a> explains how.</p>';
  const section = (i: number) =>
    `<h2>Part ${i} of post ${n}</h2>${paragraph.repeat(4)}<ul><li>First point</li><li>Second point</li></ul>` +
    `<blockquote><p>Small steps, every day.</p></blockquote><pre><code>const done = tasks.filter((t) =&gt; t.completed);</code></pre>`;
  return `${[1, 2, 3, 4, 5].map(section).join('')}<img src="https://images.example/cover-${n}.jpg" alt="Cover" />`;
}

async function seed(): Promise<{
  options: DatabaseOptions;
  dataDir: string;
  slug: string;
  dispose: () => Promise<void>;
}> {
  const database = await openBenchDatabase('sqlite');
  const deps = benchDeps(database.handle, database.dataDir);
  const authorId = await createBenchUser(deps);
  const categoryId = randomUUID();
  await deps.database.db.insertInto('blog_categories').values({ id: categoryId, name: 'Product' }).execute();
  let slug = '';
  for (let i = 0; i < posts; i += 1) {
    const at = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
    slug = `how-to-plan-a-calm-week-part-${i + 1}`;
    await deps.database.db
      .insertInto('blog_posts')
      .values({
        id: randomUUID(),
        title: `How to plan a calm week, part ${i + 1}`,
        slug,
        excerpt: 'A short guide to planning a week with notes and tasks in one place, without the stress.',
        content: articleHtml(i + 1),
        featured_image: `https://images.example/cover-${i + 1}.jpg`,
        category_id: categoryId,
        status: 'published',
        tags: JSON.stringify(['planning', 'productivity', 'guides', 'weekly']),
        reading_time: 6,
        meta_title: '',
        meta_description: '',
        published_at: at,
        views: 0,
        created_at: at,
        updated_at: at,
        author_id: authorId,
      })
      .execute();
  }
  await database.handle.close();
  const clientDir = join(database.dataDir, 'client');
  mkdirSync(clientDir, { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), builtShell);
  // The blog's own shell, which the server prefers for its pages (blog-pages.routes.ts).
  writeFileSync(
    join(clientDir, 'blog.html'),
    builtShell.replace('/assets/index-abc123.js', '/assets/blog-abc123.js'),
  );
  return { options: database.options, dataDir: database.dataDir, slug, dispose: database.dispose };
}

async function startServer(options: DatabaseOptions, dataDir: string) {
  const child = fork(fileURLToPath(new URL('./load-server.ts', import.meta.url)), ['app'], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_DB_OPTIONS: JSON.stringify(options),
      BENCH_DATA_DIR: dataDir,
      BENCH_CLIENT_DIR: join(dataDir, 'client'),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [message] = (await once(child, 'message')) as [{ port: number }];
  return {
    pid: child.pid,
    url: `http://127.0.0.1:${message.port}`,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

/**
 * CPU seconds the server process has used (Linux /proc; null elsewhere). On a shared machine req/s
 * depends on what else runs; CPU time per request does not, and 1 / that is the req/s one idle core gives.
 */
function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return null;
  // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function load(
  server: { pid?: number },
  url: string,
  headers: Record<string, string> = {},
  duration = seconds,
) {
  const cpuBefore = cpuSeconds(server.pid);
  const result = await autocannon({ url, connections, duration, headers });
  const cpuAfter = cpuSeconds(server.pid);
  const requests = result.requests.total;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bytes: result.throughput.average / Math.max(result.requests.average, 1),
    cpuUsPerRequest:
      cpuBefore === null || cpuAfter === null || requests === 0
        ? null
        : ((cpuAfter - cpuBefore) * 1e6) / requests,
    statuses: {
      '2xx': result['2xx'],
      '3xx': result['3xx'],
      '4xx': result['4xx'],
      '5xx': result['5xx'],
      errors: result.errors,
    },
  };
}

function line(label: string, figures: Awaited<ReturnType<typeof load>>, withTarget: boolean) {
  const goal = withTarget
    ? `   target ≥ ${target.toLocaleString('en-US')} ${figures.rps >= target ? 'met' : 'MISSED'}`
    : '';
  const bad = figures.statuses['4xx'] + figures.statuses['5xx'] + figures.statuses.errors;
  console.log(
    `    ${label.padEnd(40)} ${Math.round(figures.rps).toLocaleString('en-US').padStart(7)} req/s   ` +
      `p99 ${String(figures.p99).padStart(3)} ms   ${(figures.bytes / 1024).toFixed(1)} KB/response` +
      `${figures.cpuUsPerRequest === null ? '' : `   server CPU ${Math.round(figures.cpuUsPerRequest)} µs/request (≈ ${Math.round(1e6 / figures.cpuUsPerRequest).toLocaleString('en-US')} req/s per idle core)`}` +
      `${bad > 0 ? `   ${bad} failed` : ''}${goal}`,
  );
}

export const blogBenchmark: Benchmark = {
  name: 'blog',
  title: `server-rendered blog pages, autocannon ${connections} connections × ${seconds} s, SQLite`,
  async run() {
    const seeded = await seed();
    const server = await startServer(seeded.options, seeded.dataDir);
    try {
      const postUrl = `${server.url}/blog/${seeded.slug}`;
      const listUrl = `${server.url}/blog`;
      console.log(
        `  seeded ${posts} published posts (~${Math.round(articleHtml(1).length / 1024)} KB of HTML each)`,
      );
      await load(server, postUrl, {}, 2); // warm-up: JIT, statement cache, page cache
      await load(server, listUrl, {}, 2);
      line('post page GET /blog/<slug>', await load(server, postUrl), true);
      line('list page GET /blog', await load(server, listUrl), true);
      // What a browser sends: the brotli form, made once per blog version, not per request.
      line(
        'post page, accept-encoding: br',
        await load(server, postUrl, { 'accept-encoding': 'gzip, deflate, br' }),
        false,
      );
      const first = await fetch(postUrl, { headers: { 'accept-encoding': 'identity' } });
      const etag = first.headers.get('etag') ?? '';
      line('post page revalidated (304)', await load(server, postUrl, { 'if-none-match': etag }), false);
      // The same app's lightest route (one `select 1`, a tiny JSON body): the machine's ceiling right now.
      line('baseline GET /api/health', await load(server, `${server.url}/api/health`), false);
    } finally {
      await server.stop();
      await seeded.dispose();
    }
  },
};
