import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3-multiple-ciphers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { apiFor } from '../../modules/notes/notes-test-helpers.ts';
import { signedInUser } from '../../test/auth-helpers.ts';
import { testSqliteKey } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { openDatabase } from '../database.ts';
import { scheduleBackups, startServerBackups } from './backup-schedule.ts';
import { backupSqliteDatabase, listBackups } from './sqlite-backup.ts';
import { databaseInUse, RestoreRefused, restoreSqliteDatabase } from './sqlite-restore.ts';

const root = join(import.meta.dirname, '../../../..');
const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'jotlist-backup-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('backup settings', () => {
  it('reads the backup settings, 0 included, and refuses nonsense', () => {
    expect(loadConfig({})).toMatchObject({ BACKUP_INTERVAL_HOURS: 4, BACKUP_KEEP: 12 });
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: '0', BACKUP_KEEP: '0' })).toMatchObject({
      BACKUP_INTERVAL_HOURS: 0,
      BACKUP_KEEP: 0,
    });
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: '0.5' }).BACKUP_INTERVAL_HOURS).toBe(0.5);
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: 'often', BACKUP_KEEP: '-1' })).toThrow(
      /BACKUP_INTERVAL_HOURS must be a number of hours from 0 to 576\nBACKUP_KEEP must be a whole number from 0 to 1000/,
    );
  });
});

describe('server backups (SQLite)', () => {
  let ctx: TestContext;
  let sqlitePath: string;
  const sqliteKey = testSqliteKey;
  beforeAll(async () => {
    ctx = await buildTestApp('sqlite');
    sqlitePath = ctx.db.sqlitePath ?? '';
    expect(ctx.db.sqliteKey).toBe(sqliteKey);
    expect(sqlitePath).not.toBe('');
  });
  afterAll(() => ctx.close());

  it('restore drill: every write acknowledged before the backup started is in the restored database', async () => {
    const user = await signedInUser(ctx);
    const api = apiFor(ctx, user.userId, user.cookies);
    const section = await api.createSection((await api.createNotebook()).id);
    const acknowledged: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i += 1) {
        const note = await api.createNote(section.id, { title: `note ${i}`, content: `${i} `.repeat(500) });
        acknowledged.push(note.id);
      }
    })();
    while (acknowledged.length < 150) await new Promise((resolve) => setTimeout(resolve, 5));

    const before = [...acknowledged];
    const backup = await backupSqliteDatabase({
      sqlitePath,
      sqliteKey,
      backupsDir: join(tempDir(), 'backups'),
      keep: 12,
    });
    const writtenDuringBackup = acknowledged.length - before.length;
    writing = false;
    await writer;
    // The writes really went on while the copy was taken (on the app's own connection).
    expect(writtenDuringBackup).toBeGreaterThan(0);

    // A data folder that does not exist yet, as on a new machine.
    const restoredPath = join(tempDir(), 'data', 'jotlist.db');
    const { previous } = await restoreSqliteDatabase({
      sqlitePath: restoredPath,
      sqliteKey,
      from: backup.path,
    });
    expect(previous).toBeNull();
    const restored = openDatabase({ sqlitePath: restoredPath, sqliteKey });
    try {
      const rows = await restored.db.selectFrom('notes').select('id').execute();
      const restoredIds = new Set(rows.map((row) => row.id));
      expect(before.filter((id) => !restoredIds.has(id))).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  it('rotates: keeps the newest BACKUP_KEEP backups and nothing half-written', async () => {
    const backupsDir = join(tempDir(), 'backups');
    const made: string[] = [];
    for (let minute = 0; minute < 4; minute += 1) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, minute));
      const result = await backupSqliteDatabase({
        sqlitePath,
        sqliteKey,
        backupsDir,
        keep: 2,
        now: () => at,
      });
      made.push(result.path);
      expect(result.bytes).toBeGreaterThan(0);
    }
    expect(await listBackups(backupsDir)).toEqual(made.slice(2));
    expect(readdirSync(backupsDir).sort()).toEqual(
      made.slice(2).map((path) => path.slice(backupsDir.length + 1)),
    );
  });

  it('refuses to restore a file that is not a sound Jotlist database, changing nothing', async () => {
    const dataDir = tempDir();
    const target = join(dataDir, 'jotlist.db');
    const garbage = join(dataDir, 'garbage.db');
    writeFileSync(garbage, 'this is not a database, just text that is long enough '.repeat(200));
    await expect(restoreSqliteDatabase({ sqlitePath: target, sqliteKey, from: garbage })).rejects.toThrow(
      RestoreRefused,
    );
    const stranger = join(dataDir, 'other-app.db');
    const other = new SQLite(stranger);
    other.exec('create table things (id integer primary key)');
    other.close();
    await expect(restoreSqliteDatabase({ sqlitePath: target, sqliteKey, from: stranger })).rejects.toThrow(
      /not a Jotlist database/,
    );
    expect(readdirSync(dataDir).sort()).toEqual(['garbage.db', 'other-app.db']);
  });

  it('schedules backups until stopped; stop waits for one under way', async () => {
    const backupsDir = join(tempDir(), 'backups');
    const events: string[] = [];
    const log = {
      info: (_details: object, message: string) => events.push(message),
      error: (_details: object, message: string) => events.push(message),
    };
    const schedule = scheduleBackups({ sqlitePath, sqliteKey, backupsDir, intervalMs: 30, keep: 3, log });
    while (!events.includes('server backup written')) await new Promise((resolve) => setTimeout(resolve, 10));
    await schedule.stop();
    const after = await listBackups(backupsDir);
    // Positive signal that the stopped timer would have fired by now: a second schedule with the same
    // interval writes two backups of its own in the meantime.
    const witnessDir = join(tempDir(), 'witness');
    const witnessEvents: string[] = [];
    const witnessLog = {
      info: (_details: object, message: string) => witnessEvents.push(message),
      error: (_details: object, message: string) => witnessEvents.push(message),
    };
    const witness = scheduleBackups({
      sqlitePath,
      sqliteKey,
      backupsDir: witnessDir,
      intervalMs: 30,
      keep: 3,
      log: witnessLog,
    });
    while (witnessEvents.filter((message) => message === 'server backup written').length < 2) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await witness.stop();
    expect(await listBackups(backupsDir)).toEqual(after);
    expect(after.length).toBeGreaterThanOrEqual(1);
    expect(after.length).toBeLessThanOrEqual(3);
    expect(readdirSync(backupsDir).filter((name) => name.endsWith('.partial'))).toEqual([]);
    expect(events.filter((message) => message === 'server backup failed')).toEqual([]);
  });

  it('is off on PostgreSQL and when either setting is 0', async () => {
    const messages: string[] = [];
    const log = { info: (_details: object, message: string) => messages.push(message), error: () => {} };
    const config = {
      BACKUP_INTERVAL_HOURS: 4,
      BACKUP_KEEP: 12,
      DATA_DIR: tempDir(),
      DATABASE_URL: undefined,
      SECRET_KEY: undefined,
    };
    await startServerBackups({ ...config, DATABASE_URL: 'postgres://db/jotlist' }, 'postgres', log).stop();
    await startServerBackups({ ...config, BACKUP_INTERVAL_HOURS: 0 }, 'sqlite', log).stop();
    await startServerBackups({ ...config, BACKUP_KEEP: 0 }, 'sqlite', log).stop();
    expect(messages).toEqual([
      'scheduled backups are off on PostgreSQL: use pg_dump or point-in-time recovery',
      'scheduled backups are off (BACKUP_INTERVAL_HOURS or BACKUP_KEEP is 0)',
      'scheduled backups are off (BACKUP_INTERVAL_HOURS or BACKUP_KEEP is 0)',
    ]);
    expect(readdirSync(config.DATA_DIR)).toEqual([]);
  });

  it('sees a database held open by a server as in use', () => {
    expect(databaseInUse(sqlitePath, sqliteKey)).toBe(true);
    expect(databaseInUse(join(tempDir(), 'nothing-here.db'), sqliteKey)).toBe(false);
  });
});

/** The real server and the real commands: scheduled backup, `npm run backup`, `npm run restore`. */
describe('backup and restore commands beside a running server', () => {
  let server: ChildProcess;
  let output = '';
  const dataDir = tempDir();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    APP_URL: '',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    // About 1 s, so the schedule is seen working within the test.
    BACKUP_INTERVAL_HOURS: '0.0003',
    BACKUP_KEEP: '5',
  };
  const runScript = (script: string, args: string[] = []) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(root, script), ...args], {
        cwd: root,
        env,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });

  beforeAll(async () => {
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...env, PORT: String(await freePort()) },
    });
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
  });
  afterAll(() => {
    if (server.exitCode === null) server.kill('SIGKILL');
  });

  it('takes scheduled backups, backs up on demand, and restores only once the server has stopped', async () => {
    const written = await waitFor(() =>
      logLines(output).find((line) => line.msg === 'server backup written'),
    );
    expect(written).toMatchObject({ level: 30, event: 'backup.written' });
    expect(existsSync(String(written.path))).toBe(true);
    expect(written.bytes).toBeGreaterThan(0);
    expect(written.ms).toBeGreaterThanOrEqual(0);

    const manual = await runScript('src/server/db/backups/backup-cli.ts');
    expect(manual.stderr).toBe('');
    expect(manual.code).toBe(0);
    expect(manual.stdout).toMatch(/^Backup written: .*jotlist-.*\.db \(\d+\.\d MB, \d+ ms\)/);

    // A copy: the schedule (one backup a second, keeping 5) may rotate the original away meanwhile.
    const kept = join(tempDir(), 'kept.db');
    copyFileSync(String(written.path), kept);
    const refused = await runScript('src/server/db/backups/restore-cli.ts', [kept]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is in use: the server (or a backup) is running. Stop it first');

    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    const restored = await runScript('src/server/db/backups/restore-cli.ts', [kept]);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('The database it replaced is kept as');
    expect(readdirSync(dataDir).some((name) => name.endsWith('.before-restore'))).toBe(true);
  }, 60_000);
});

function logLines(text: string): Array<Record<string, unknown>> {
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function waitFor<T>(find: () => T | undefined, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
