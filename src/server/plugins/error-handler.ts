import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../shared/errors.ts';
import { messages } from '../../shared/messages.ts';
import { AppError } from '../app-error.ts';
import { isDatabaseUnavailable } from '../db/connection-errors.ts';
import { isSqliteBusy } from '../db/sqlite-busy.ts';

const body = (code: ErrorCode | string, message: string, fields?: Record<string, string>): ErrorBody => ({
  error: fields ? { code, message, fields } : { code, message },
});

/**
 * Maps every error to `{ error: { code, message, fields? } }`. Stack traces and SQL never reach a client;
 * every 5xx is logged with its request id (pino's `reqId`). A database that cannot be reached, or a busy
 * SQLite one, answers 503.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const key = path || error.validationContext || 'request';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      return reply.code(400).send(body('validation_failed', messages.api.invalidInput, fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send(body('rate_limited', messages.api.rateLimited));
    if (status === 413) return reply.code(413).send(body('payload_too_large', 'The request is too large.'));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type): safe, generic wording.
      return reply.code(status).send(body('validation_failed', error.message));
    }
    if (isSqliteBusy(error)) {
      // Another connection held SQLite's lock past the wait (a long import, a checkpoint): nothing is
      // wrong with the request, so 503 says "try again shortly", as for a database that cannot be reached.
      request.log.warn({ err: error, event: 'db.busy' }, 'database busy; answered 503');
      return reply.code(503).header('retry-after', '1').send(body('unavailable', messages.generic));
    }
    if (isForeignKeyViolation(error)) {
      // A row written under a parent that a concurrent request deleted meanwhile: to this request the
      // parent does not exist. Logged (without the SQL reaching the client) in case it is a bug instead.
      request.log.warn({ err: error }, 'foreign key violation answered as not found');
      return reply.code(404).send(body('not_found', messages.api.notFound));
    }
    if (isDatabaseUnavailable(error)) {
      // The database restarted or cut this request's connection: nothing is wrong with the request, and
      // the pool reconnects on its own. 503 says "try again shortly"; nginx replays a GET, PUT or DELETE
      // on another instance (deploy/nginx.conf), a client retries after Retry-After.
      request.log.warn({ err: error, event: 'db.unavailable' }, 'database unavailable; answered 503');
      return reply.code(503).header('retry-after', '1').send(body('unavailable', messages.generic));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(body('internal_error', messages.generic));
  });
}

/** PostgreSQL's foreign_key_violation (SQLSTATE 23503), or better-sqlite3's extended code for the same. */
function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === '23503' || error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
