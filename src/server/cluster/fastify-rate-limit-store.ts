import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimitStore } from '../deps.ts';

/**
 * What @fastify/rate-limit really hands `child()`: the route's merged limit options with the route itself
 * under `routeInfo` (its typings say otherwise, so it is read defensively).
 */
function routeOf(options: object): string {
  const info: unknown = 'routeInfo' in options ? options.routeInfo : undefined;
  if (typeof info !== 'object' || info === null) return '*';
  const method = 'method' in info ? [info.method].flat().join(',') : '*';
  const url = 'url' in info && typeof info.url === 'string' ? info.url : '*';
  return `${method} ${url}`;
}

/**
 * @fastify/rate-limit's `store` option over the app's one RateLimitStore, so the per-route limits
 * (contact, backup export/import, calendar feed) are counted where the auth limits are: in PostgreSQL
 * when instances share it. The plugin builds one store per limited route with `child()`; its key (the
 * client address or the route's keyGenerator) is prefixed with the route, as its own LocalStore keeps one
 * map per route. `continueExceeding` and `exponentialBackoff` are not supported (no route uses them).
 */
export function fastifyRateLimitStore(store: RateLimitStore): FastifyRateLimitStoreCtor {
  class SharedRouteStore implements FastifyRateLimitStore {
    readonly #prefix: string;

    constructor(_options: unknown, prefix = 'route:*:') {
      this.#prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      store.take(`${this.#prefix}${key}`, timeWindow).then(
        (taken) => callback(null, { current: taken.count, ttl: taken.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new SharedRouteStore(undefined, `route:${routeOf(options)}:`);
    }
  }
  return SharedRouteStore;
}
