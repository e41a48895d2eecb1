import { z } from 'zod';

/** Stable, machine-readable error ids. Clients branch on these, never on message text. */
export const errorCodes = [
  'validation_failed',
  'not_found',
  'unauthorized',
  'forbidden',
  'read_only',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'internal_error',
  // Accounts and sessions (docs/accounts.md).
  'invalid_credentials',
  'email_not_confirmed',
  'session_expired',
  'invalid_token',
  'invalid_current_password',
  // Re-authentication (docs/accounts.md): confirm the password first (403), then try again.
  'reauth_required',
  // Two-step sign-in (docs/accounts.md): a wrong authenticator or recovery code (401).
  'invalid_code',
  // Passkeys (docs/accounts.md): an answer that fails verification (unknown or foreign credential, wrong
  // origin, spent or expired challenge, counter gone backwards) is refused alike (400).
  'passkey_refused',
  // Todos (docs/PRODUCT.md §4.2): completing a task while any of its subtasks is open.
  'incomplete_subtasks',
  // Blog (docs/blog.md): a post's slug is already used by another post.
  'slug_taken',
  // Calendar sync (docs/calendar-sync.md): the calendar provider refused or failed (answered 502 with its message).
  'provider_failed',
  // Several instances (docs/operations.md): this instance is shutting down; a load balancer retries elsewhere (503).
  'unavailable',
  // Attachments in an S3 bucket (docs/operations.md): the bucket refused or could not be reached (502).
  'storage_failed',
  // Billing: a checkout while the account already has a subscription (409); plans change in the portal.
  'already_subscribed',
  // The HTTP layer, before any route: an address or headers too long, a request too slow to arrive.
  'uri_too_long',
  'headers_too_large',
  'request_timeout',
  // Idempotency keys (docs/idempotency.md): a key sent again with another request (422), a key whose first
  // request is still running (409), a key whose first request never answered (409; see the docs).
  'idempotency_key_reused',
  'idempotency_in_progress',
  'idempotency_outcome_unknown',
  // Creates that carry their id (docs/client.md, offline creates): the id is already in use (409), whoever's row it is.
  'id_taken',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Per-field messages for validation errors, keyed by the field's path (`email`, `items.0.title`). */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
