import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages.ts';
import {
  idempotencyKeyHeader,
  idempotencyKeySchema,
  idempotencyReplayedHeader,
} from '../../shared/schemas/idempotency.ts';
import { AppError, badRequest } from '../app-error.ts';
import type { AppDeps } from '../deps.ts';
import { writeMethods } from '../http-methods.ts';
import { requestTimeoutMs } from './http-errors.ts';
import {
  claimKey,
  deleteExpiredKey,
  findKey,
  type KeyClaim,
  releaseKey,
  storeAnswer,
} from './idempotency-keys.repo.ts';
import { idempotencyKeyLifetimeMs } from './idempotency-prune.job.ts';

/**
 * Answers worth keeping for a retry: the request's own outcome. Not a 5xx (the server failed; a retry
 * must run again), nor the answers that depend on the moment rather than on the request: 401/403 (a
 * session or plan that may change), 408, 409 (a version conflict or a busy key: the client resolves it
 * and sends again), 423, 425, 429.
 */
const momentary = new Set([401, 403, 408, 409, 423, 425, 429]);
export const keepsAnswer = (status: number) => status < 500 && !momentary.has(status);

function bodyHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

function payloadText(payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  // No body (a 204), or a stream, which is not kept: the replay has the status only.
  return null;
}

function keyOf(request: FastifyRequest): string | null {
  const header = request.headers[idempotencyKeyHeader];
  if (header === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) {
    throw badRequest(messages.api.invalidInput, { 'Idempotency-Key': messages.api.idempotencyKeyInvalid });
  }
  return parsed.data;
}

/**
 * `Idempotency-Key` on writes (docs/idempotency.md). The first request with a key claims it with a row
 * of its own, committed before the handler runs, and the answer is stored on that row before it leaves.
 * A retry then gets the stored answer (`Idempotency-Replayed: true`) without the handler running. Claiming
 * first is what makes "never applied twice" hold when the process dies between the change and the stored
 * answer: the key stays claimed without an answer, and a retry is told the outcome is unknown (409)
 * instead of running the change again. A duplicate sent while the first still runs gets 409 at once
 * rather than waiting: the first may run long (an import), the waiting would hold a connection and
 * poll the table across instances, and the client's outbox retries anyway.
 *
 * Registered before compression and durable replies: onSend sees the serialized answer, and the stored
 * answer is in the same group-commit sync as the change on SQLite. Body parsing and the session hook
 * have run by preValidation, so the key is per user and the body is hashed as parsed JSON.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'never-stored': the answer holds a secret shown once (two-step sign-in's secret, its recovery
     * codes), which must not sit in plain text in idempotency_keys for a day: the key is ignored, and a
     * retry runs the request again (a new secret; "already on", then new codes from Settings).
     */
    idempotency?: 'never-stored';
  }
}

export function registerIdempotencyKeys(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'database' | 'now'> & {
    requestTimeoutMs?: number;
  },
): void {
  const claims = new WeakMap<FastifyRequest, KeyClaim>();
  // Past this age an unanswered key's request is surely over (its timeout passed), so it died.
  const leaseMs = 2 * (deps.requestTimeoutMs ?? requestTimeoutMs);
  const db = deps.database.db;

  async function answerExisting(request: FastifyRequest, reply: FastifyReply, claim: KeyClaim) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const now = deps.now().getTime();
      const expiredBefore = new Date(now - idempotencyKeyLifetimeMs).toISOString();
      const row = await findKey(db, claim.user_id, claim.key);
      if (row && row.created_at < expiredBefore) {
        // Expired but not pruned yet: forgotten, as if pruned.
        await deleteExpiredKey(db, claim.user_id, claim.key, expiredBefore);
      } else if (row) {
        if (row.method !== claim.method || row.path !== claim.path || row.body_hash !== claim.body_hash) {
          throw new AppError('idempotency_key_reused', 422, messages.api.idempotencyKeyReused);
        }
        if (row.status === null) {
          if (row.created_at < new Date(now - leaseMs).toISOString()) {
            throw new AppError('idempotency_outcome_unknown', 409, messages.api.idempotencyOutcomeUnknown);
          }
          throw new AppError('idempotency_in_progress', 409, messages.api.idempotencyInProgress, undefined, {
            'retry-after': '1',
          });
        }
        reply.code(row.status).header(idempotencyReplayedHeader, 'true');
        if (row.content_type) reply.header('content-type', row.content_type);
        return reply.send(row.response ?? undefined);
      }
      // Gone (released by a failed first request, or expired): this request may claim it now.
      if (await claimKey(db, claim, deps.now().toISOString())) {
        claims.set(request, claim);
        return undefined;
      }
    }
    throw new AppError('idempotency_in_progress', 409, messages.api.idempotencyInProgress, undefined, {
      'retry-after': '1',
    });
  }

  app.addHook('preValidation', async (request, reply) => {
    if (!writeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.routeOptions.config.idempotency === 'never-stored') return;
    const key = keyOf(request);
    if (key === null || !request.auth) return;
    const claim: KeyClaim = {
      user_id: request.auth.userId,
      key,
      method: request.method,
      path: request.url,
      body_hash: bodyHash(request.body),
    };
    if (await claimKey(db, claim, deps.now().toISOString())) {
      claims.set(request, claim);
      return;
    }
    return answerExisting(request, reply, claim);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    try {
      if (keepsAnswer(reply.statusCode)) {
        const contentType = reply.getHeader('content-type');
        await storeAnswer(db, claim, {
          status: reply.statusCode,
          content_type: typeof contentType === 'string' ? contentType : null,
          response: payloadText(payload),
        });
      } else {
        await releaseKey(db, claim);
      }
    } catch (error) {
      // The key stays claimed without an answer: a retry is told the outcome is unknown, never re-run.
      request.log.warn({ event: 'idempotency.store_failed', err: error }, 'idempotency answer not stored');
    }
    return payload;
  });
}
