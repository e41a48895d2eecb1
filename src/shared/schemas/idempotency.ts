import { z } from 'zod';
import { messages } from '../messages.ts';

/**
 * A write may carry `Idempotency-Key`: the client's id for that one change (a queued offline change sends
 * the same key on every retry), so the server applies it at most once (docs/idempotency.md).
 */
export const idempotencyKeyHeader = 'idempotency-key';
/** Set on an answer that is the stored answer of an earlier request with the same key. */
export const idempotencyReplayedHeader = 'idempotency-replayed';

export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, messages.api.idempotencyKeyInvalid)
  .describe('A client-made id of this one change (8 to 100 of A-Z a-z 0-9 _ -); a retry sends the same');
