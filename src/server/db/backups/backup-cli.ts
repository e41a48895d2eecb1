// `npm run backup`: backs up $DATA_DIR's SQLite database now, with the code the server's schedule uses.
// Safe while the server runs (the copy is a consistent snapshot); keeps the last BACKUP_KEEP backups.
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../../config.ts';
import { databaseOptionsFromConfig } from '../database-options.ts';
import { sqliteFileKind } from '../sqlite-cipher.ts';
import { backupSqliteDatabase, backupsDirOf } from './sqlite-backup.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

try {
  const config = loadConfig();
  const options = databaseOptionsFromConfig(config);
  if (!('sqlitePath' in options)) {
    fail('npm run backup backs up the SQLite database; with DATABASE_URL set, use pg_dump (see the README).');
  }
  if (!existsSync(options.sqlitePath)) fail(`There is no database at ${options.sqlitePath} to back up.`);
  if (sqliteFileKind(options.sqlitePath) === 'plain') {
    // A backup must not be a plain copy: the server encrypts the database when it starts.
    fail(`${options.sqlitePath} is not encrypted yet: start the server once (it encrypts it), then back up.`);
  }
  const result = await backupSqliteDatabase({
    sqlitePath: options.sqlitePath,
    sqliteKey: options.sqliteKey,
    backupsDir: backupsDirOf(config.DATA_DIR),
    keep: config.BACKUP_KEEP,
  });
  const megabytes = (result.bytes / 1024 / 1024).toFixed(1);
  console.log(`Backup written: ${result.path} (${megabytes} MB, ${result.ms} ms)`);
  if (result.removed.length > 0) {
    console.log(`Removed ${result.removed.length} older backup(s), keeping the last ${config.BACKUP_KEEP}.`);
  }
} catch (error) {
  if (error instanceof ConfigError) fail(error.problems.join('\n'));
  fail(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
}
