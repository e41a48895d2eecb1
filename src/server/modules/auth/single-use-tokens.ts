import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { AuthTokenKind } from '../../db/schema.ts';
import { hashToken, newToken } from '../../security/token-crypto.ts';
import { type AuthTokenRow, consumeAuthToken, findAuthToken, insertAuthToken } from './tokens.repo.ts';

const HOUR = 60 * 60 * 1000;

/**
 * How long each mailed link works (docs/accounts.md: confirmation 24 h, reset 1 h, e-mail change 24 h; docs/PRODUCT.md §10.2:
 * a sign-in link 15 minutes).
 */
export const tokenLifetimes: Record<AuthTokenKind, number> = {
  email_confirmation: 24 * HOUR,
  password_reset: HOUR,
  email_change: 24 * HOUR,
  signin_link: HOUR / 4,
};

/** Creates a token for a mail link; returns the plain token, which is never stored. */
export async function issueAuthToken(
  db: Db,
  now: Date,
  userId: string,
  kind: AuthTokenKind,
  newEmail: string | null = null,
): Promise<string> {
  const token = newToken();
  await insertAuthToken(db, {
    id: randomUUID(),
    user_id: userId,
    kind,
    token_hash: hashToken(token),
    new_email: newEmail,
    expires_at: new Date(now.getTime() + tokenLifetimes[kind]).toISOString(),
    used_at: null,
    created_at: now.toISOString(),
  });
  return token;
}

/** The token's row when it exists, is of this kind, unused and unexpired; otherwise null. Reads only. */
export async function findUsableAuthToken(
  db: Db,
  now: Date,
  kind: AuthTokenKind,
  token: string,
): Promise<AuthTokenRow | null> {
  const row = await findAuthToken(db, kind, hashToken(token));
  if (!row || row.used_at !== null || row.expires_at <= now.toISOString()) return null;
  return row;
}

/** Like findUsableAuthToken, and marks it used: a second redemption (even a concurrent one) gets null. */
export async function redeemAuthToken(
  db: Db,
  now: Date,
  kind: AuthTokenKind,
  token: string,
): Promise<AuthTokenRow | null> {
  const row = await findUsableAuthToken(db, now, kind, token);
  if (!row) return null;
  return (await consumeAuthToken(db, row.id, now.toISOString())) ? row : null;
}
