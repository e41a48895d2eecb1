import type { RouteOptions } from 'fastify';
import { accessCookie, refreshCookie, requireUser } from '../modules/auth/index.ts';

/**
 * What the OpenAPI document says about each operation beyond its zod schemas: who may call it and its
 * name. Both are derived here from the route itself (its guards, its method and URL), not written in each
 * route file, so a route added later is described truthfully without anyone remembering to.
 */

/** The two ways to present the access token (session-hook.ts): a browser's cookie or a Bearer header. */
export const securitySchemes = {
  cookieAuth: {
    type: 'apiKey',
    in: 'cookie',
    name: accessCookie.name,
    description: 'The access cookie a browser gets from sign-in (path /api).',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'The same access token sent by an API client as `Authorization: Bearer <token>`.',
  },
  refreshCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: refreshCookie.name,
    description: 'The refresh cookie from sign-in (path /api/auth), used only to renew the session.',
  },
} as const;

type Security = Record<string, string[]>[];

/** Either scheme alone suffices. */
const signedIn: Security = [{ cookieAuth: [] }, { bearerAuth: [] }];
/** No credentials needed (sign-up, sign-in, the blog, the feed by its token, webhooks, health, site). */
const open: Security = [];

/**
 * Routes whose requirement is not visible as a `requireUser` hook on the route: the blog admin checks its
 * admin in a scope-wide onRequest hook (404 to anyone else), and refresh reads its cookie in the handler.
 */
const securityByUrl: { matches: (url: string, method: string) => boolean; security: Security }[] = [
  { matches: (url) => url.startsWith('/api/blog/admin/'), security: signedIn },
  {
    matches: (url, method) => method === 'POST' && url === '/api/auth/refresh',
    security: [{ refreshCookie: [] }],
  },
];

const hookStages = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

function requiresUser(route: RouteOptions): boolean {
  return hookStages.some((stage) => [route[stage] ?? []].flat().includes(requireUser));
}

export function securityOf(route: RouteOptions, url: string): Security {
  const method = [route.method].flat()[0] ?? 'GET';
  const override = securityByUrl.find((rule) => rule.matches(url, method));
  if (override) return override.security;
  return requiresUser(route) ? signedIn : open;
}

/** Ids that read better than the derived one. */
const operationIdOverrides: Record<string, string> = {};

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * camelCase from method and path: `PATCH /api/notebooks/:id` is `patchNotebooksById`,
 * `GET /calendar/feed/:file` is `getCalendarFeedByFile`. Stable (it changes only when the route does) and
 * unique because method and path are.
 */
export function operationIdOf(method: string, url: string): string {
  const key = `${method} ${url}`;
  const override = operationIdOverrides[key];
  if (override) return override;
  const words = url
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^[:{]([^}]+)\}?$/.exec(segment);
      const name = (param?.[1] ?? segment).split(/[-_.]/).map(capitalize).join('');
      return param ? `By${name}` : name;
    });
  return method.toLowerCase() + words.join('');
}
