import { join } from 'node:path';
import type { Config } from '../config.ts';
import { loadSecretKey } from '../security/secret-key.ts';
import type { DatabaseOptions } from './database.ts';
import { deriveSqliteKey } from './sqlite-cipher.ts';

/**
 * The database the configuration names. SQLite's file is keyed from SECRET_KEY, or from the key file
 * generated beside the data when it is unset (secret-key.ts): the server, its CLIs and its workers all
 * come here, so they open the file with the same key.
 */
export function databaseOptionsFromConfig(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'SECRET_KEY'>,
): DatabaseOptions {
  if (config.DATABASE_URL) return { databaseUrl: config.DATABASE_URL };
  return {
    sqlitePath: join(config.DATA_DIR, 'jotlist.db'),
    sqliteKey: deriveSqliteKey(loadSecretKey(config.SECRET_KEY, config.DATA_DIR)),
  };
}
