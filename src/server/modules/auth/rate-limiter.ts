import { messages } from '../../../shared/messages.ts';
import { AppError } from '../../app-error.ts';
import type { AppDeps, RateLimitStore } from '../../deps.ts';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

/** 429 `rate_limited` with `Retry-After`: the seconds until the window that refused it ends. */
export function rateLimited(retryAfterMs: number, message: string = messages.auth.rateLimited): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError('rate_limited', 429, message, undefined, {
    'retry-after': String(seconds),
  });
}

/** A place reserved under a limit; give it back with `RateLimiter.refund` when the attempt succeeded. */
export interface Reservation {
  key: string;
  resetAt: number;
}

/**
 * Windowed counters keyed by any string (`signin:ip+email:...`), on the app's clock so tests can move
 * time. The counts live in the app's one RateLimitStore (`deps.context.rateLimits`,
 * cluster/rate-limit-store.ts): PostgreSQL rows shared by every instance, or memory on SQLite. Keys here
 * can hold a body value (an e-mail), which @fastify/rate-limit's onRequest keying cannot see; both count
 * in the same store.
 */
export class RateLimiter {
  constructor(private readonly store: RateLimitStore) {}

  /** Counts one attempt; throws 429 rate_limited (with Retry-After) when the key is over its limit. */
  async hit(key: string, rule: RateLimitRule): Promise<void> {
    const taken = await this.store.take(key, rule.windowMs);
    if (taken.count > rule.max) throw rateLimited(taken.ttlMs);
  }

  /**
   * For limits that count failures only (sign-in, docs/PRODUCT.md §10.2): throws 429 when the key already holds
   * `max` attempts, else reserves one. The caller gives it back with `refund` when the attempt succeeds,
   * so only failures stay counted; reserving first keeps a burst of parallel guesses (on any instance)
   * from all getting in while the (slow) password checks run.
   */
  async reserve(key: string, rule: RateLimitRule): Promise<Reservation> {
    const taken = await this.store.take(key, rule.windowMs, rule.max);
    if (!taken.counted) throw rateLimited(taken.ttlMs);
    return { key, resetAt: taken.resetAt };
  }

  /** Gives back one reserved attempt (it succeeded). */
  async refund(reservation: Reservation): Promise<void> {
    await this.store.giveBack(reservation.key, reservation.resetAt);
  }

  /** Forgets every attempt counted on the key (a success clears an address's failures). */
  async clear(key: string): Promise<void> {
    await this.store.clear(key);
  }
}

const minutes = (n: number) => n * 60_000;

/** The limits of the auth and account endpoints (docs/PRODUCT.md §4.8). */
export const authRateLimits = {
  /** Failed sign-ins (successes are not counted, see RateLimiter.reserve). */
  signInPerIpAndEmail: { max: 10, windowMs: minutes(15) },
  signInPerEmail: { max: 30, windowMs: minutes(15) },
  signInPerIp: { max: 100, windowMs: minutes(15) },
  signUpPerIp: { max: 10, windowMs: minutes(60) },
  /** Per endpoint that mails an address (sign-up, resend, forgot password, e-mail change), per address. */
  mailPerAddress: { max: 5, windowMs: minutes(15) },
  mailPerIp: { max: 20, windowMs: minutes(60) },
  /** Re-authentication with the current password in account settings. */
  reauthPerUser: { max: 10, windowMs: minutes(15) },
  /**
   * Wrong second-step codes (two-step sign-in), failures only: per pending token (it lives 5 minutes;
   * then the password is needed again) and per account, whoever sends them. At 10 guesses in 15 minutes
   * a 6-digit code (3 valid at a time) is found once in some 30,000 windows.
   */
  secondStepPerChallenge: { max: 5, windowMs: minutes(5) },
  secondStepPerUser: { max: 10, windowMs: minutes(15) },
  /** Passkey challenges handed to a signed-in account (adding one, re-authenticating). */
  passkeyOptionsPerUser: { max: 30, windowMs: minutes(15) },
  /**
   * Passkey sign-in challenges per address: each is a stored row, and the sign-in screen asks for one
   * on every visit (conditional UI), so the bound is generous but keeps a flood from filling the table.
   */
  passkeyOptionsPerIp: { max: 600, windowMs: minutes(15) },
} satisfies Record<string, RateLimitRule>;

/** The auth and account routes' limiter: it holds nothing itself, the counts live in the app's store. */
export function rateLimiterFor(deps: AppDeps): RateLimiter {
  return new RateLimiter(deps.context.rateLimits);
}
