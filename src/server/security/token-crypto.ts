import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens, mailed single-use tokens, calendar feed links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Only this hash is stored. A plain SHA-256 is enough (no salt, no slow hash): the input already has 256
 * bits of entropy, and an exact-match lookup by hash needs a deterministic function.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
