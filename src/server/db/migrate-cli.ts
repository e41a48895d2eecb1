import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from './database.ts';
import { databaseOptionsFromConfig } from './database-options.ts';

// `npm run db:migrate`: the same migrations the server runs at start-up, on their own.
const config = loadConfig();
const handle = openDatabase(databaseOptionsFromConfig(config));
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await handle.close();
}
