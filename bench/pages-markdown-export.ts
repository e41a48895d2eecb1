// Part of `npm run bench -- pages`: the Markdown export of a 10,000-page account with 1,000 files
// (docs/backup.md). BENCH_EXPORT_FILE_KB sets the size of each file (default 500: 500 MB in all).
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { AppDeps } from '../src/server/deps.ts';
import { indexAllQueuedNotes } from '../src/server/modules/search/search-index.ts';
import { seedWorkspace } from './notes-api-setup.ts';

const KB = 1024;
const MB = 1024 * KB;
const chunkBytes = 256 * KB;
const targets = { mbPerSecond: 50, rssMb: 300 };
const files = 1000;

const peakMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;

/** 10,000 pages, and 1,000 files each linked from one page, written straight into the database. */
export async function seedExportAccount(deps: AppDeps, userId: string): Promise<{ fileBytes: number }> {
  const fileKb = Number(process.env.BENCH_EXPORT_FILE_KB ?? 500);
  const size = fileKb * KB;
  const workspace = await seedWorkspace(deps, userId);
  // A few random chunks reused: incompressible like photos, without holding 500 MB here.
  const pool = randomBytes(4 * chunkBytes);
  const db = deps.database.db;
  const at = new Date().toISOString();
  const started = performance.now();
  for (let i = 0; i < files; i++) {
    const id = randomUUID();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('attachments')
        .values({
          id,
          user_id: userId,
          name: `photo ${i}.jpg`,
          type: 'image/jpeg',
          size,
          complete: 1,
          created_at: at,
        })
        .execute();
      for (let seq = 0, left = size; left > 0; seq++, left -= chunkBytes) {
        const from = ((i + seq) % 4) * chunkBytes;
        const data = pool.subarray(from, from + Math.min(chunkBytes, left));
        await trx.insertInto('attachment_chunks').values({ attachment_id: id, seq, data }).execute();
      }
      const noteId = workspace.noteIds[i * 10] ?? '';
      const note = await trx
        .selectFrom('notes')
        .select('content')
        .where('id', '=', noteId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('notes')
        .set({ content: `${note.content}\n\n![photo](/api/attachments/${id})\n` })
        .where('id', '=', noteId)
        .execute();
    });
  }
  console.log(
    `  Markdown export: seeded ${workspace.pages} pages and ${files} files of ${fileKb} KB ` +
      `(${((files * size) / MB).toFixed(0)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (deps.database.engine === 'sqlite') {
    // The 1,000 pages given a link were queued for the search index again, as seedWorkspace's were: left
    // queued, the server's indexer worked through them during the export (2.5 s of its CPU, traced).
    await indexAllQueuedNotes(db);
    // Files uploaded over weeks were checkpointed into the database long ago (SQLite copies its WAL back
    // every 1,000 pages), not left as 500 MB of WAL for the server to read through.
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
  }
  return { fileBytes: files * size };
}

/** The process's CPU time so far (user + system), in seconds: a figure a busy machine does not bend. */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Downloads the export over HTTP as a client would, counting bytes; the server's peak RSS meanwhile. */
export async function measureMarkdownExport(url: string, token: string, pid: number): Promise<void> {
  // A server just started runs its hourly jobs first (the files sweep reads every page of every owner):
  // the export is measured on a server that has settled, as a person's would be.
  const settling = cpuSeconds(pid);
  for (let last = settling; ; ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuSeconds(pid);
    if (now - last < 0.05) break;
    last = now;
  }
  console.log(
    `  Markdown export: the server settled after ${(cpuSeconds(pid) - settling).toFixed(1)} s of CPU`,
  );
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const idle = peakMb(pid);
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  const res = await fetch(`${url}/api/export/markdown`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  let firstByteMs = 0;
  for await (const chunk of res.body) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.length;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(pid) - cpuBefore;
  console.log(
    `  Markdown export: ${(bytes / MB).toFixed(0)} MB zip in ${seconds.toFixed(1)} s = ` +
      `${(bytes / MB / seconds).toFixed(0)} MB/s (target ≥ ${targets.mbPerSecond}), first byte after ` +
      `${firstByteMs.toFixed(0)} ms; server CPU ${cpu.toFixed(1)} s (${(bytes / MB / cpu).toFixed(0)} MB per CPU second); server peak RSS ${peakMb(pid).toFixed(0)} MB (idle ${idle.toFixed(0)} MB; ` +
      `target ≤ ${targets.rssMb} MB)`,
  );
}
