// Where an import's time and memory go (issue 10), measured in the benchmark's own process on the same
// database as the HTTP run: parse (JSON.parse and the file's shape), validate (every row against its
// schema), plan (new ids, remapped parents; validation excluded), insert (one transaction, clearing the
// account first). Each phase starts from a fresh parse, so one phase's garbage is not the next one's.
import { readFileSync, writeFileSync } from 'node:fs';
import type { AppDeps } from '../src/server/deps.ts';
import { type BackupTable, deleteAccountData, insertRows } from '../src/server/modules/backup/backup.repo.ts';
import { planImport } from '../src/server/modules/backup/backup-plan.ts';
import { readBackupFile, validatedRows } from '../src/server/modules/backup/backup-validation.ts';
import { timeOrderedIds } from '../src/server/modules/backup/time-ordered-ids.ts';
import { backupArrays } from '../src/shared/domain/backup-format.ts';

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

/** One line: each phase's wall and CPU time, the heap it leaves and how far it raised the RSS. */
export async function importBreakdown(deps: AppDeps, userId: string, body: Buffer): Promise<string> {
  const now = deps.now();
  const options = { userId, now: now.toISOString(), newId: timeOrderedIds(now) };
  const text = () => ({ text: body.toString('utf8') });

  const [, parse] = await phase(() => readBackupFile(text()));
  const validateFile = readBackupFile(text());
  const [, validate] = await phase(() => {
    for (const name of backupArrays) for (const _ of validatedRows(validateFile, name));
  });
  const planFile = readBackupFile(text());
  const [plan, planned] = await phase(() => planImport(planFile, options));
  const perTable: Array<[BackupTable, number]> = [];
  const [, insert] = await phase(() =>
    deps.database.db.transaction().execute(async (trx) => {
      await deleteAccountData(trx, userId);
      for (const table of Object.keys(plan.rows) as BackupTable[]) {
        const started = performance.now();
        await insertRows(trx, table, plan.rows[table]);
        perTable.push([table, performance.now() - started]);
      }
    }),
  );
  const slowest = perTable
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([table, ms]) => `${table} ${(ms / 1000).toFixed(2)} s`);
  return [
    show('parse', parse),
    show('validate', validate),
    show('plan', planned, validate),
    `${show('insert', insert)} [slowest tables: ${slowest.join(', ')}]`,
  ].join(', ');
}
