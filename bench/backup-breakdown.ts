// Where an import's time and memory go (docs/performance.md), measured in the benchmark's own process on the same
// database as the HTTP run, each phase a whole pass over the file in 256 kB chunks as the server reads
// it: scan (cutting rows out and JSON.parse, nothing else), plan (scan, validation, new ids and remapped
// parents: a dry run; the scan's time taken off), insert (the whole import in one transaction, clearing
// the account first; the plan's time taken off), with the slowest tables' write time.
import { readFileSync, writeFileSync } from 'node:fs';
import type { AppDeps } from '../src/server/deps.ts';
import {
  type BackupTable,
  createRowWriter,
  deleteAccountData,
  rowsPerInsert,
} from '../src/server/modules/backup/backup.repo.ts';
import { scanBackupJson } from '../src/server/modules/backup/backup-json-scanner.ts';
import { createImportPlanner, type ImportPlanner } from '../src/server/modules/backup/backup-plan.ts';
import { timeOrderedIds } from '../src/server/modules/backup/time-ordered-ids.ts';

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

/** This process's peak RSS since the last reset (Linux VmHWM), in bytes. */
function peakRss(): number {
  const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? Number.NaN);
  return kb * 1024;
}
/** "5" resets the peak RSS (VmHWM) to the current RSS (Linux 4.0+). */
function resetPeak(): void {
  writeFileSync('/proc/self/clear_refs', '5');
}

interface Phase {
  ms: number;
  /** CPU time of this process during the phase: steadier than wall time on a busy machine. */
  cpuMs: number;
  /** Heap in use when the phase ended, with its result still alive. */
  heap: number;
  /** How far the process's RSS rose above where it stood when the phase began. */
  rssRise: number;
}

async function phase<T>(run: () => T | Promise<T>): Promise<[T, Phase]> {
  globalThis.gc?.();
  resetPeak();
  const startRss = process.memoryUsage().rss;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await run();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const heap = process.memoryUsage().heapUsed;
  return [result, { ms, cpuMs: (used.user + used.system) / 1000, heap, rssRise: peakRss() - startRss }];
}

function show(name: string, p: Phase, minus?: Phase): string {
  const ms = minus ? Math.max(0, p.ms - minus.ms) : p.ms;
  const cpuMs = minus ? Math.max(0, p.cpuMs - minus.cpuMs) : p.cpuMs;
  const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
  return `${name} ${seconds(ms)} (CPU ${seconds(cpuMs)}, heap ${mb(p.heap)}, RSS +${mb(p.rssRise)})`;
}

/** The file in the chunks the server reads it in (backup-upload.ts). */
function* chunks(body: Buffer): Generator<Buffer> {
  for (let start = 0; start < body.length; start += 256 * 1024)
    yield body.subarray(start, start + 256 * 1024);
}

async function readAll(body: Buffer, planner: ImportPlanner): Promise<void> {
  await scanBackupJson(chunks(body), planner);
  const { problem } = await planner.finish();
  if (problem) throw new Error(problem);
}

/** One line: each phase's wall and CPU time, the heap it leaves and how far it raised the RSS. */
export async function importBreakdown(deps: AppDeps, userId: string, body: Buffer): Promise<string> {
  const now = deps.now();
  const options = () => ({ userId, now: now.toISOString(), newId: timeOrderedIds(now) });
  const ignore = () => undefined;

  const [, scan] = await phase(() => scanBackupJson(chunks(body), { row: ignore, arrayEnd: ignore }));
  const [, planned] = await phase(() => readAll(body, createImportPlanner(options())));
  const perTable = new Map<BackupTable, number>();
  const [, insert] = await phase(() =>
    deps.database.db.transaction().execute(async (trx) => {
      await deleteAccountData(trx, userId);
      const write = createRowWriter(trx);
      const planner = createImportPlanner({
        ...options(),
        batchRows: rowsPerInsert,
        write: async (table, rows) => {
          const started = performance.now();
          await write(table, rows);
          perTable.set(table, (perTable.get(table) ?? 0) + performance.now() - started);
        },
      });
      await readAll(body, planner);
    }),
  );
  const slowest = [...perTable]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([table, ms]) => `${table} ${(ms / 1000).toFixed(2)} s`);
  return [
    show('scan', scan),
    show('plan', planned, scan),
    `${show('insert', insert, planned)} [writes of the slowest tables: ${slowest.join(', ')}]`,
  ].join(', ');
}
