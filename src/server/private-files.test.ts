import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSqliteDatabase, backupsDirOf } from './db/backups/sqlite-backup.ts';
import { databaseOptionsFromConfig } from './db/database-options.ts';
import { strongPassword, uniqueEmail } from './test/auth-helpers.ts';
import { testEngines } from './test/engines.ts';
import { type RealServer, realServerStorage, startRealServer } from './test/real-server.ts';

/**
 * What the server writes into DATA_DIR holds every account (the database, its backups) or sign-in links
 * (the outbox): files readable by the server's user only (0600), whatever the umask. The umask here is
 * the usual 022, so a file made with the default mode would show as 0644.
 */
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe.each(testEngines)('files a fresh server writes (%s)', (engine) => {
  let storage: Awaited<ReturnType<typeof realServerStorage>>;
  let server: RealServer;
  let umask: number;

  beforeAll(async () => {
    umask = process.umask(0o022);
    storage = await realServerStorage(engine);
    // No SMTP_URL: mails go to the outbox.
    server = await startRealServer({ ...storage.env, SMTP_URL: '' });
  });
  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
    process.umask(umask);
  });

  it('are readable by the server user only: the outbox mail, and on SQLite the database and a backup', async () => {
    const email = uniqueEmail('modes');
    const signUp = await fetch(`${server.baseURL}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: strongPassword, confirmPassword: strongPassword }),
    });
    expect(signUp.status).toBe(202);
    const outbox = join(storage.env.DATA_DIR as string, 'outbox');
    // The confirmation mail is written by a job after the answer: the line announcing it is the signal.
    await expect.poll(() => server.output(), { timeout: 30_000 }).toContain(`Mail to ${email}`);
    const mails = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(mails).toHaveLength(1);
    expect(modeOf(join(outbox, mails[0] as string))).toBe('600');
    expect(modeOf(outbox)).toBe('700');
    if (engine !== 'sqlite') return;

    const dataDir = storage.env.DATA_DIR as string;
    // The server's own key: SECRET_KEY if the storage sets one, else the key file it generated.
    const options = databaseOptionsFromConfig({ DATA_DIR: dataDir, SECRET_KEY: storage.env.SECRET_KEY });
    if (!('sqlitePath' in options)) throw new Error('expected SQLite');
    const database = options.sqlitePath;
    for (const file of [database, `${database}-wal`, `${database}-shm`]) {
      expect({ file, mode: modeOf(file) }).toEqual({ file, mode: '600' });
    }
    const backupsDir = backupsDirOf(storage.env.DATA_DIR as string);
    const backup = await backupSqliteDatabase({
      sqlitePath: database,
      sqliteKey: options.sqliteKey,
      backupsDir,
      keep: 2,
    });
    expect(modeOf(backup.path)).toBe('600');
    expect(modeOf(backupsDir)).toBe('700');
  });
});
