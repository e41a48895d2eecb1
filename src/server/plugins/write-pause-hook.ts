import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { writePauseOf } from '../db/write-pause.ts';
import { writeMethods } from '../http-methods.ts';

/**
 * SQLite: a write request waits, before it starts, while a backup import's worker thread holds the
 * write lock (db/write-pause.ts), so it neither holds the event loop in SQLite's busy wait nor fails.
 * Reads never wait. The API writes only through these methods (http-methods.ts).
 */
export function registerWritePauseHook(app: FastifyInstance, database: DatabaseHandle): void {
  if (database.engine !== 'sqlite') return;
  const pause = writePauseOf(database);
  app.addHook('onRequest', async (request) => {
    if (writeMethods.has(request.method)) await pause.idle();
  });
}
