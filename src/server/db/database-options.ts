import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { DatabaseOptions } from './database.ts';

export function databaseOptionsFromConfig(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
): DatabaseOptions {
  return config.DATABASE_URL
    ? { databaseUrl: config.DATABASE_URL }
    : { sqlitePath: join(config.DATA_DIR, 'jotlist.db') };
}
