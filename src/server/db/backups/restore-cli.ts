// `npm run restore -- <file>`: replaces $DATA_DIR's SQLite database with a backup. Refuses while the
// server runs and refuses a file that fails its integrity check; the replaced database is kept.
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../../config.ts';
import { databaseOptionsFromConfig } from '../database-options.ts';
import { RestoreRefused, restoreSqliteDatabase } from './sqlite-restore.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const argument = process.argv[2];
if (!argument) fail('Usage: npm run restore -- <backup file>   (for example data/backups/jotlist-….db)');
// npm runs scripts from the package folder; a relative path means the folder the command was typed in.
const from = resolve(process.env.INIT_CWD ?? process.cwd(), argument);

try {
  const options = databaseOptionsFromConfig(loadConfig());
  if (!('sqlitePath' in options)) {
    fail(
      'npm run restore restores the SQLite database; with DATABASE_URL set, use pg_restore (see the README).',
    );
  }
  const { previous } = await restoreSqliteDatabase({
    sqlitePath: options.sqlitePath,
    sqliteKey: options.sqliteKey,
    from,
  });
  console.log(`Restored ${options.sqlitePath} from ${from}.`);
  if (previous) console.log(`The database it replaced is kept as ${previous}.`);
  console.log('Start the server (npm start); it brings the schema up to date if the backup is older.');
} catch (error) {
  if (error instanceof ConfigError) fail(error.problems.join('\n'));
  if (error instanceof RestoreRefused) fail(`Restore refused: ${error.message}`);
  fail(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
}
