import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages.ts';
import { AppError } from '../app-error.ts';
import type { AppDeps } from '../deps.ts';
import { currentUser, requireUser } from '../modules/auth/index.ts';
import { isWritable } from '../modules/entitlement/index.ts';

/**
 * Writes are guarded by default (docs/ARCHITECTURE.md). Route plugins registered through `guardedScope` get, on
 * every route, a signed-in check, and on every route whose method is not GET or HEAD the entitlement
 * check too: a read-only account (trial over, nothing else granting access) gets 403 `read_only`. A route
 * that must stay writable for such an account says so in its options:
 *
 *   app.post('/api/backup/export-token', { config: { writeGuard: 'open' } }, handler)
 *
 * The checks run at onRequest, before the body is parsed or validated, so the answer does not depend on
 * what was sent, and a route cannot forget them: the hook is added by the scope, not by the route.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'open': this write route in a guarded scope stays available to read-only accounts. */
    writeGuard?: 'open';
  }
}

const readMethods = new Set(['GET', 'HEAD']);

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

export function guardedScope(deps: AppDeps, plugins: FastifyPluginAsyncZod[]) {
  const requireWritable = async (request: FastifyRequest) => {
    if (!(await isWritable(deps, currentUser(request).userId))) {
      throw new AppError('read_only', 403, messages.api.readOnly);
    }
  };

  return async (scope: FastifyInstance) => {
    scope.addHook('onRoute', (route) => {
      const writes = methodsOf(route).some((method) => !readMethods.has(method));
      const guards =
        writes && route.config?.writeGuard !== 'open' ? [requireUser, requireWritable] : [requireUser];
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [...guards, ...existing];
    });
    for (const plugin of plugins) await scope.register(plugin);
  };
}
