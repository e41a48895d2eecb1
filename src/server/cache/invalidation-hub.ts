import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/** What a cache is told to drop: the messages cluster/invalidation.ts carries between instances. */
export const invalidationSchema = z.discriminatedUnion('kind', [
  /** One session ended or its access token changed (sign-out, refresh rotation, reuse, expiry). */
  z.object({ kind: z.literal('session'), sessionId: z.string() }),
  /** Everything cached about a user: sessions ended, password or e-mail changed, account deleted. */
  z.object({ kind: z.literal('user'), userId: z.string() }),
  /** What the user may do changed (trial, subscription). */
  z.object({ kind: z.literal('entitlement'), userId: z.string() }),
]);
export type Invalidation = z.infer<typeof invalidationSchema>;

/** A per-process cache that takes part: it drops what a message names, and everything when told. */
export interface InvalidatableCache {
  drop(message: Invalidation): void;
  /** Empties it and serves nothing from memory until `resume` (the listener lost the database). */
  suspend(): void;
  resume(): void;
}

/**
 * The caches of one app instance (the session and profile caches register here when the app context is
 * made), and whether caching is on. cluster/invalidation.ts applies a committed change's messages here;
 * cluster/invalidation-listener.ts applies the other instances' and suspends everything while it cannot
 * hear them. It lives beside the cache, not in cluster/, so that deps.ts can name it without importing
 * anything that imports deps.ts.
 */
export class InvalidationHub {
  /** Tells this instance's own notifications apart from the others'. */
  readonly origin = randomUUID();
  readonly #caches = new Set<InvalidatableCache>();
  #suspended: boolean;

  /** `suspended`: nothing is cached until `resume` (on PostgreSQL, until the listener is connected). */
  constructor(options: { suspended: boolean }) {
    this.#suspended = options.suspended;
  }

  register(cache: InvalidatableCache): void {
    this.#caches.add(cache);
    if (this.#suspended) cache.suspend();
  }

  /** Drops what `message` names from every cache of this instance. */
  apply(message: Invalidation): void {
    for (const cache of this.#caches) cache.drop(message);
  }

  /** Drops every cache of this instance and keeps them off (the invalidation channel is down). */
  suspend(): void {
    this.#suspended = true;
    for (const cache of this.#caches) cache.suspend();
  }

  /** Caching may start again (the channel is back; anything missed meanwhile was dropped by suspend). */
  resume(): void {
    this.#suspended = false;
    for (const cache of this.#caches) cache.resume();
  }
}
