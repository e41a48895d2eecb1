import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The token a notification carries so its buttons work without a session (a service worker may have no
 * cookie): HMAC-SHA256 with a key derived from the app's secret key, naming the task, the user, an
 * expiry and the scope. It can only act on that one task, only with the reminder actions, for a week.
 */

export const actionTokenDays = 7;
const scope = 'reminder-actions';

const claimsSchema = z.object({ t: z.string(), u: z.string(), e: z.number(), s: z.literal(scope) });

export interface ActionClaims {
  taskId: string;
  userId: string;
}

export type VerifiedToken = { ok: true; claims: ActionClaims } | { ok: false; reason: 'invalid' | 'expired' };

const keyOf = (secretKey: Buffer) =>
  createHmac('sha256', secretKey).update('jotlist reminder actions').digest();
const sign = (secretKey: Buffer, body: string) =>
  createHmac('sha256', keyOf(secretKey)).update(body).digest('base64url');

export function signActionToken(secretKey: Buffer, claims: ActionClaims, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + actionTokenDays * 24 * 60 * 60;
  const body = Buffer.from(
    JSON.stringify({ t: claims.taskId, u: claims.userId, e: expires, s: scope }),
  ).toString('base64url');
  return `${body}.${sign(secretKey, body)}`;
}

export function verifyActionToken(secretKey: Buffer, token: string, now: Date): VerifiedToken {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(secretKey, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'invalid' };
  }
  let claims: z.infer<typeof claimsSchema>;
  try {
    claims = claimsSchema.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (claims.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { taskId: claims.t, userId: claims.u } };
}
