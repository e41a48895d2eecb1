import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { Fsync } from './db/group-commit.ts';
import type { Mailer } from './mail/mailer.ts';

/** Everything buildApp needs from the outside world; tests pass their own (temp database, SMTP sink). */
export interface AppDeps {
  config: Config;
  logger: FastifyBaseLogger;
  database: DatabaseHandle;
  mailer: Mailer;
  secretKey: Buffer;
  /** Folder of the built SPA (dist/client); null serves the API only. */
  clientDir: string | null;
  /** Injectable clock so trial and expiry rules are testable. */
  now: () => Date;
  /** Flushes SQLite's log to disk for group commit (db/group-commit.ts); tests wrap node's to watch it. */
  walFsync?: Fsync;
  /** How long a request may take to arrive (plugins/http-errors.ts); tests shorten it. */
  requestTimeoutMs?: number;
}
