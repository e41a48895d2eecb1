import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages.ts';

/**
 * The first step of a graceful stop behind nginx (main.ts): leave the load balancer's rotation before
 * closing the listening socket. nginx (deploy/nginx.conf) learns that an instance is gone only from a
 * failure; the safe failures are a refused connection (nothing was sent, any method is retried) and a
 * 503 to a method it may replay. So while draining, GET, HEAD, OPTIONS, PUT and DELETE answer 503: nginx
 * replays them on the other instance (the client never sees it) and counts the failure (`max_fails=1`),
 * which takes this instance out of rotation for `fail_timeout`. POST and PATCH are still served: nginx
 * never replays them. Once no new connection has come for a moment, the socket can close with no
 * connection waiting in its accept queue (closing a socket resets those, and nginx would answer 502 to
 * a POST it had already written into one).
 */
const replayable = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export interface Drain {
  start(): void;
  /** Resolves once no connection has been accepted for `quietMs` (or after `maxMs` in any case). */
  quiet(options: { quietMs: number; maxMs: number }): Promise<void>;
}

// Keyed by the Fastify instance, not by deps: main.ts holds only the app when it starts a graceful stop.
const drains = new WeakMap<FastifyInstance, Drain>();

/** The app's drain (registered by buildApp). */
export function drainOf(app: FastifyInstance): Drain | undefined {
  return drains.get(app);
}

/** Register on the root instance before any route. */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  let lastConnection = performance.now();
  app.server.on('connection', () => {
    lastConnection = performance.now();
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!draining || !replayable.has(request.method)) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '1')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ error: { code: 'unavailable', message: messages.generic } }));
  });
  drains.set(app, {
    start() {
      draining = true;
      lastConnection = performance.now();
    },
    async quiet({ quietMs, maxMs }) {
      const deadline = performance.now() + maxMs;
      while (performance.now() - lastConnection < quietMs && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  });
}
