import { messages } from '../../../shared/messages.ts';
import { AppError } from '../../app-error.ts';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

/** 429 `rate_limited` with `Retry-After`: the seconds until the window that refused it ends. */
export function rateLimited(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError('rate_limited', 429, messages.auth.rateLimited, undefined, {
    'retry-after': String(seconds),
  });
}

/**
 * Fixed-window counters keyed by any string (`signin:ip+email:...`), on the app's clock so tests can move
 * time. Kept in memory: limits are per process, which fits the single-process server; a multi-instance
 * deployment would move this to a shared store. Keys here can hold a body value (an e-mail), which
 * @fastify/rate-limit's onRequest keying cannot see.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => Date) {}

  /** Counts one attempt; throws 429 rate_limited (with Retry-After) when the key is over its limit. */
  hit(key: string, rule: RateLimitRule): void {
    const now = this.now().getTime();
    this.sweep(now);
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + rule.windowMs });
      return;
    }
    current.count += 1;
    if (current.count > rule.max) throw rateLimited(current.resetAt - now);
  }

  /**
   * For limits that count failures only (sign-in, issue 11.2): throws 429 when the key already holds
   * `max` attempts, else reserves one. The caller gives it back with `refund` when the attempt succeeds,
   * so only failures stay counted; reserving first keeps a burst of parallel guesses from all getting in
   * while the (slow) password checks run.
   */
  reserve(key: string, rule: RateLimitRule): void {
    const now = this.now().getTime();
    this.sweep(now);
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + rule.windowMs });
      return;
    }
    if (current.count >= rule.max) throw rateLimited(current.resetAt - now);
    current.count += 1;
  }

  /** Gives back one reserved attempt (it succeeded). */
  refund(key: string): void {
    const current = this.windows.get(key);
    if (current && current.count > 0) current.count -= 1;
  }

  /** Forgets every attempt counted on the key (a success clears an address's failures). */
  clear(key: string): void {
    this.windows.delete(key);
  }

  /** Drops finished windows now and then, so memory stays bounded by recent traffic. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
  }
}

const minutes = (n: number) => n * 60_000;

/** The limits of the auth and account endpoints (issue 3 §7). */
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
} satisfies Record<string, RateLimitRule>;

const limiters = new WeakMap<object, RateLimiter>();

/** One limiter per app (keyed by its deps), shared by the auth and account routes. */
export function rateLimiterFor(deps: { now: () => Date }): RateLimiter {
  let limiter = limiters.get(deps);
  if (!limiter) {
    limiter = new RateLimiter(deps.now);
    limiters.set(deps, limiter);
  }
  return limiter;
}
