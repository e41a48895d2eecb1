// `npm run bench -- pages`: files in pages on SQLite (docs/attachments.md). The server runs in its own
// process (bench/load-server.ts), so its peak RSS is its own; every figure goes through real HTTP.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { startFakeS3 } from '../src/server/test/fake-s3.ts';
import type { Benchmark } from './benchmark.ts';
import { markdownImportFigures } from './markdown-import.ts';
import { benchDeps, benchToken, createBenchUser, openBenchDatabase } from './notes-api-setup.ts';
import { measureMarkdownExport, seedExportAccount } from './pages-markdown-export.ts';
import { startBenchServer } from './server-process.ts';

const MB = 1024 * 1024;
const targets = { shownMs: 1000, rssMb: 300, servedPerSecond: 2000 };

const peakMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;

async function upload(url: string, token: string, body: Buffer, type: string): Promise<string> {
  const res = await fetch(`${url}/api/attachments?name=bench.png`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body: new Uint8Array(body),
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

export const pagesBenchmark: Benchmark = {
  name: 'pages',
  title:
    'files in pages: a 5 MB upload until shown, 20 parallel uploads (RSS), serving a 200 KB image, ' +
    'the Markdown export of 10,000 pages with 1,000 files, a Markdown import',
  async run() {
    const bench = await openBenchDatabase('sqlite');
    const deps = benchDeps(bench.handle, bench.dataDir);
    const user = await createBenchUser(deps);
    // A paying account: 20 × 5 MB is the trial's whole room.
    await deps.database.db.updateTable('user_profiles').set({ is_trial: 0 }).where('id', '=', user).execute();
    const token = await benchToken(deps, user);
    // Another account, so the uploads above are not in its export.
    const exporter = await createBenchUser(deps);
    await deps.database.db
      .updateTable('user_profiles')
      .set({ is_trial: 0 })
      .where('id', '=', exporter)
      .execute();
    await seedExportAccount(deps, exporter);
    const exporterToken = await benchToken(deps, exporter);
    const server = await startBenchServer('app', {
      env: { BENCH_DB_OPTIONS: JSON.stringify(bench.options), BENCH_DATA_DIR: bench.dataDir },
    });
    try {
      // BENCH_PAGES=export or import: that figure alone, on a server that has done nothing else.
      const only = process.env.BENCH_PAGES;
      if (only === undefined) await measureFiles(server, token);
      if (only !== 'import') await measureMarkdownExport(server.url, exporterToken, server.pid);
      if (only !== 'export') {
        const resetPeak = () => writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
        await markdownImportFigures(server.url, token, resetPeak, () => peakMb(server.pid));
      }
    } catch (error) {
      await bench.dispose();
      throw error;
    } finally {
      await server.stop();
    }

    // The same uploads into an S3 bucket: the local S3 server of the tests (SigV4 checked, objects in
    // this process's memory, so the app's RSS is still its own).
    const s3 = await startFakeS3();
    const bucketServer = await startBenchServer('app', {
      env: { BENCH_DB_OPTIONS: JSON.stringify(bench.options), BENCH_DATA_DIR: bench.dataDir, ...s3.env },
    });
    try {
      const five = randomBytes(5 * MB);
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await upload(bucketServer.url, token, five, 'image/png');
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  S3 bucket: 5 MB upload (one streamed PutObject): median ${times[2]?.toFixed(0)} ms, worst ${times[4]?.toFixed(0)} ms`,
      );
      writeFileSync(`/proc/${bucketServer.pid}/clear_refs`, '5');
      const started = performance.now();
      await Promise.all(Array.from({ length: 20 }, () => upload(bucketServer.url, token, five, 'image/png')));
      console.log(
        `  S3 bucket: 20 parallel 5 MB uploads: ${((performance.now() - started) / 1000).toFixed(2)} s, server ` +
          `peak RSS ${peakMb(bucketServer.pid).toFixed(0)} MB (target ≤ ${targets.rssMb} MB); ${s3.objects.size} objects`,
      );
    } finally {
      await bucketServer.stop();
      await s3.close();
      await bench.dispose();
    }
  },
};

/** Uploads until shown, parallel uploads' RSS, serving an image. */
async function measureFiles(server: { url: string; pid: number }, token: string): Promise<void> {
  const five = randomBytes(5 * MB);
  const shown: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const url = await upload(server.url, token, five, 'image/png');
    const back = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
    await back.arrayBuffer();
    shown.push(performance.now() - started);
  }
  shown.sort((a, b) => a - b);
  console.log(
    `  5 MB image uploaded and read back: median ${shown[2]?.toFixed(0)} ms, worst ${shown[4]?.toFixed(0)} ms` +
      ` (target ≤ ${targets.shownMs} ms)`,
  );

  writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  const idle = peakMb(server.pid);
  const started = performance.now();
  await Promise.all(Array.from({ length: 20 }, () => upload(server.url, token, five, 'image/png')));
  console.log(
    `  20 parallel 5 MB uploads: ${((performance.now() - started) / 1000).toFixed(2)} s, server peak RSS ` +
      `${peakMb(server.pid).toFixed(0)} MB (idle ${idle.toFixed(0)} MB; target ≤ ${targets.rssMb} MB)`,
  );

  const image = await upload(server.url, token, randomBytes(200 * 1024), 'image/png');
  const first = await fetch(`${server.url}${image}`, { headers: { authorization: `Bearer ${token}` } });
  const etag = first.headers.get('etag') ?? '';
  await first.arrayBuffer();
  for (const [label, extra] of [
    ['304 (If-None-Match)', ['-H', `If-None-Match: ${etag}`]],
    ['200 (full 200 KB)', []],
  ] as const) {
    const out = execFileSync(
      'wrk',
      ['-t2', '-c16', '-d5s', '-H', `Authorization: Bearer ${token}`, ...extra, `${server.url}${image}`],
      { encoding: 'utf8' },
    );
    const rate = /Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? '?';
    console.log(`  serving a 200 KB image, ${label}: ${rate} req/s (target ≥ ${targets.servedPerSecond})`);
  }
}
