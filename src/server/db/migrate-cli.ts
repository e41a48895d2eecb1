import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from './database.ts';
import { databaseOptionsFromConfig } from './database-options.ts';
import { SqliteKeyRefused } from './sqlite-cipher.ts';

// `npm run db:migrate`: the same migrations the server runs at start-up, on their own.
const config = loadConfig();
const handle = (() => {
  try {
    return openDatabase(databaseOptionsFromConfig(config));
  } catch (error) {
    if (error instanceof SqliteKeyRefused) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
})();
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await handle.close();
}
