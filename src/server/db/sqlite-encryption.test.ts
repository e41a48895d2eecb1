import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiFor } from '../modules/notes/notes-test-helpers.ts';
import { loadSecretKey } from '../security/secret-key.ts';
import { signedInUser } from '../test/auth-helpers.ts';
import { testSqliteKey } from '../test/engines.ts';
import { freePort } from '../test/real-server.ts';
import { buildTestApp } from '../test/test-app.ts';
import { backupSqliteDatabase } from './backups/sqlite-backup.ts';
import { RestoreRefused, restoreSqliteDatabase } from './backups/sqlite-restore.ts';
import { type DatabaseOptions, migrateToLatest, openDatabase } from './database.ts';
import { deriveSqliteKey, openSqliteFile, SqliteKeyRefused } from './sqlite-cipher.ts';
import { prepareEncryptedFile } from './sqlite-encrypt-plain.ts';

const root = join(import.meta.dirname, '../../..');
const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'jotlist-cipher-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

const plainHeader = Buffer.from('SQLite format 3\0', 'latin1');
const otherKey = deriveSqliteKey(Buffer.alloc(32, 9));
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** The file's bytes (and its write-ahead log's, if any) contain `text`. */
function bytesContain(path: string, text: string): boolean {
  return [path, `${path}-wal`].some((file) => existsSync(file) && readFileSync(file).includes(text));
}

/** Every row of every table (search's FTS tables through their shadow tables), in a stable order. */
function dump(path: string, key: string | null): Record<string, string[]> {
  const connection = openSqliteFile(path, key, { fileMustExist: true, readonly: true });
  try {
    const tables = connection
      .prepare("select name from sqlite_master where type = 'table' and sql not like 'create virtual%'")
      .pluck()
      .all() as string[];
    const rows: Record<string, string[]> = {};
    for (const table of tables.sort()) {
      rows[table] = connection
        .prepare(`select * from "${table}"`)
        .all()
        .map((row) => JSON.stringify(row))
        .sort();
    }
    return rows;
  } finally {
    connection.close();
  }
}

/** A plain database written by the previous release's code path: no key, migrations, rows through the app. */
async function plainDatabaseWithRows(marker: string) {
  const ctx = await buildTestApp('sqlite', {}, { plainSqlite: true });
  const user = await signedInUser(ctx);
  const api = apiFor(ctx, user.userId, user.cookies);
  const section = await api.createSection((await api.createNotebook({ title: `Book ${marker}` })).id);
  for (let i = 0; i < 30; i += 1) {
    await api.createNote(section.id, { title: `Page ${i}`, content: `${marker} page ${i} `.repeat(40) });
  }
  await ctx.settle();
  await ctx.app.close();
  await ctx.db.close();
  const path = ctx.db.sqlitePath ?? '';
  return {
    path,
    userId: user.userId,
    dispose: async () => {
      await ctx.db.dispose();
      await ctx.smtp.close();
    },
  };
}

describe('SQLite encryption at rest', () => {
  it('opens a plain database from the previous release with every row intact, and leaves it encrypted', async () => {
    const marker = 'Plaintext-marker-7Qz';
    const plain = await plainDatabaseWithRows(marker);
    try {
      // The starting point really is plain: the header and the page text are readable on disk.
      expect(readFileSync(plain.path).subarray(0, 16)).toEqual(plainHeader);
      expect(bytesContain(plain.path, marker)).toBe(true);
      const before = dump(plain.path, null);
      expect(before.notes).toHaveLength(30);

      const conversions: unknown[] = [];
      const options: DatabaseOptions = { sqlitePath: plain.path, sqliteKey: testSqliteKey };
      const upgraded = openDatabase(options, { onSqliteEncrypted: (c) => conversions.push(c) });
      try {
        expect(conversions).toEqual([
          { path: plain.path, tables: expect.any(Number), rows: expect.any(Number), ms: expect.any(Number) },
        ]);
        expect(await migrateToLatest(upgraded.db)).toEqual([]);
        // Every row as it was, read with the key beside the app's connection.
        expect(dump(plain.path, testSqliteKey)).toEqual(before);
        // The app's connection writes on: its log is encrypted as well.
        const later = 'Written-after-upgrade-4Kp';
        await upgraded.db
          .updateTable('notes')
          .set({ title: later })
          .where('user_id', '=', plain.userId)
          .execute();
        expect(existsSync(`${plain.path}-wal`)).toBe(true);
        expect(bytesContain(plain.path, later)).toBe(false);
      } finally {
        await upgraded.close();
      }

      const raw = readFileSync(plain.path);
      expect(raw.subarray(0, 16)).not.toEqual(plainHeader);
      expect(raw.includes(marker)).toBe(false);
      expect(raw.includes('CREATE TABLE')).toBe(false);
      expect(readdirSync(join(plain.path, '..')).filter((name) => name.includes('encrypting'))).toEqual([]);
      // A second start finds nothing to convert.
      const again = openDatabase(
        { sqlitePath: plain.path, sqliteKey: testSqliteKey },
        { onSqliteEncrypted: (c) => conversions.push(c) },
      );
      await again.close();
      expect(conversions).toHaveLength(1);
    } finally {
      await plain.dispose();
    }
  }, 60_000);

  it('refuses a database encrypted with another key and leaves it untouched', async () => {
    const dir = tempDir();
    const path = join(dir, 'jotlist.db');
    const handle = openDatabase({ sqlitePath: path, sqliteKey: otherKey });
    await migrateToLatest(handle.db);
    await handle.close();
    const hash = sha256(path);
    expect(() => openDatabase({ sqlitePath: path, sqliteKey: testSqliteKey })).toThrow(SqliteKeyRefused);
    expect(() => openDatabase({ sqlitePath: path, sqliteKey: testSqliteKey })).toThrow(
      /is encrypted with another key .*Nothing was changed\.$/,
    );
    expect(sha256(path)).toBe(hash);
    expect(readdirSync(dir).sort()).toEqual(['jotlist.db']);
  });

  it('the server refuses to start on a database of another key, in one line, and changes nothing', async () => {
    const dataDir = tempDir();
    const path = join(dataDir, 'jotlist.db');
    const written = openDatabase({ sqlitePath: path, sqliteKey: otherKey });
    await migrateToLatest(written.db);
    await written.close();
    const hash = sha256(path);
    const secretKey = 'ab'.repeat(32);
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        SECRET_KEY: secretKey,
        DATABASE_URL: '',
        SMTP_URL: '',
        APP_URL: '',
        PORT: String(await freePort()),
      },
    });
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise((resolve) => server.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/jotlist\.db is encrypted with another key .*SECRET_KEY/),
    ]);
    expect(sha256(path)).toBe(hash);
    // The SECRET_KEY given is what the server would key with: derived from it, not from a key file.
    expect(existsSync(join(dataDir, 'secret.key'))).toBe(false);
    expect(deriveSqliteKey(loadSecretKey(secretKey, dataDir))).not.toBe(otherKey);
  }, 60_000);

  it('writes backups that are unreadable without the key and restorable with it; old plain backups too', async () => {
    const marker = 'Backup-marker-Lw2';
    const plain = await plainDatabaseWithRows(marker);
    try {
      const handle = openDatabase({ sqlitePath: plain.path, sqliteKey: testSqliteKey });
      await handle.close();

      const backup = await backupSqliteDatabase({
        sqlitePath: plain.path,
        sqliteKey: testSqliteKey,
        backupsDir: join(tempDir(), 'backups'),
        keep: 2,
      });
      const raw = readFileSync(backup.path);
      expect(raw.subarray(0, 16)).not.toEqual(plainHeader);
      expect(raw.includes(marker)).toBe(false);
      const withoutKey = openSqliteFile(backup.path, null, { fileMustExist: true });
      try {
        expect(() => withoutKey.prepare('select count(*) from notes').get()).toThrow(/not a database/);
      } finally {
        withoutKey.close();
      }

      const target = join(tempDir(), 'data', 'jotlist.db');
      await expect(
        restoreSqliteDatabase({ sqlitePath: target, sqliteKey: otherKey, from: backup.path }),
      ).rejects.toThrow(RestoreRefused);
      expect(existsSync(target)).toBe(false);
      await restoreSqliteDatabase({ sqlitePath: target, sqliteKey: testSqliteKey, from: backup.path });
      expect(dump(target, testSqliteKey).notes).toHaveLength(30);
    } finally {
      await plain.dispose();
    }
  }, 60_000);

  it('restores a plain backup from before the upgrade, encrypting it on its way in', async () => {
    const marker = 'Old-backup-marker-Vb8';
    const plain = await plainDatabaseWithRows(marker);
    try {
      const old = await backupSqliteDatabase({
        sqlitePath: plain.path,
        sqliteKey: null,
        backupsDir: join(tempDir(), 'backups'),
        keep: 0,
      });
      expect(readFileSync(old.path).includes(marker)).toBe(true);
      const target = join(tempDir(), 'data', 'jotlist.db');
      await restoreSqliteDatabase({ sqlitePath: target, sqliteKey: testSqliteKey, from: old.path });
      expect(bytesContain(target, marker)).toBe(false);
      expect(dump(target, testSqliteKey).notes).toHaveLength(30);
    } finally {
      await plain.dispose();
    }
  }, 60_000);

  it('a conversion that fails before its rename leaves the plain database intact, and the next start converts', async () => {
    const marker = 'Crash-marker-Hq5';
    const plain = await plainDatabaseWithRows(marker);
    try {
      const hash = sha256(plain.path);
      const before = dump(plain.path, null);
      expect(() =>
        prepareEncryptedFile(plain.path, testSqliteKey, {
          beforeRename: () => {
            throw new Error('power cut');
          },
        }),
      ).toThrow('power cut');
      expect(sha256(plain.path)).toBe(hash);
      expect(dump(plain.path, null)).toEqual(before);
      expect(existsSync(`${plain.path}.encrypting`)).toBe(false);
      // A kill -9 mid-copy leaves a half-written temporary file: the next start discards it.
      writeFileSync(`${plain.path}.encrypting`, 'half a copy');

      const conversion = prepareEncryptedFile(plain.path, testSqliteKey);
      expect(conversion?.rows).toBeGreaterThan(30);
      expect(bytesContain(plain.path, marker)).toBe(false);
      expect(dump(plain.path, testSqliteKey)).toEqual(before);
    } finally {
      await plain.dispose();
    }
  }, 60_000);
});
