import { createHash } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyHeader, idempotencyKeySchema } from '../../shared/schemas/idempotency.ts';
import { writeMethods } from '../http-methods.ts';
import { operationIdOf, securityOf, securitySchemes } from './openapi-operations.ts';

type SwaggerTransform = typeof jsonSchemaTransform;

/**
 * The zod schemas become JSON schemas (fastify-type-provider-zod); then each operation gets its security
 * and id from the route (openapi-operations.ts), and a status that never has a body (204, 304) is
 * described as such rather than as a JSON null.
 */
const transform: SwaggerTransform = (input) => {
  const method = [input.route.method].flat()[0] ?? 'GET';
  const security = securityOf(input.route, input.url);
  const takesKey =
    security.length > 0 &&
    writeMethods.has(method) &&
    input.url.startsWith('/api/') &&
    input.route.config?.idempotency !== 'never-stored';
  const { schema, url } = jsonSchemaTransform(withIdempotencyKey(input, takesKey));
  const described = schema as Record<string, unknown>;
  const response = described.response as Record<string, Record<string, unknown>> | undefined;
  return {
    url,
    schema: {
      ...schema,
      operationId:
        typeof described.operationId === 'string' ? described.operationId : operationIdOf(method, input.url),
      security,
      ...(response ? { response: withReplayedHeader(withoutBodylessContent(response), takesKey) } : {}),
    },
  };
};

/**
 * A signed-in write may carry `Idempotency-Key` (plugins/idempotency-keys.ts, a hook rather than each
 * route's schema): the document says so on every such operation, from the same zod schema the hook uses.
 */
function withIdempotencyKey(input: Parameters<SwaggerTransform>[0], takesKey: boolean) {
  if (!takesKey) return input;
  const header = z.object({ [idempotencyKeyHeader]: idempotencyKeySchema.optional() });
  const existing = input.schema.headers;
  const headers = existing instanceof z.ZodObject ? existing.extend(header.shape) : header;
  return { ...input, schema: { ...input.schema, headers } };
}

/**
 * The answers a key can replay (stored: 2xx, and 4xx that a retry would meet again) may come back with
 * `Idempotency-Replayed: true` instead of running the handler again; @fastify/swagger turns a response
 * schema's `headers` into the response's headers.
 */
function withReplayedHeader(response: Record<string, Record<string, unknown>>, takesKey: boolean) {
  if (!takesKey) return response;
  const header = {
    type: 'string',
    enum: ['true'],
    description:
      'Present when this is the stored answer of an earlier request with the same Idempotency-Key.',
  };
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) =>
      /^[24]/.test(status)
        ? [status, { ...schema, headers: { ...(schema.headers as object), [replayedHeaderName]: header } }]
        : [status, schema],
    ),
  );
}
const replayedHeaderName = 'Idempotency-Replayed';

const bodyless = new Set(['204', '304']);

/** @fastify/swagger leaves the content out of a response whose schema has `type: 'null'`. */
function withoutBodylessContent(response: Record<string, Record<string, unknown>>) {
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) =>
      bodyless.has(status)
        ? [status, { type: 'null', description: schema.description ?? 'No content' }]
        : [status, schema],
    ),
  );
}

/**
 * swagger-ui's top bar draws its logo as an inline SVG with a <style> element in it (our initializer then
 * swaps the logo for an image): the docs page's one inline style, allowed by its hash alone.
 * openapi.test.ts checks that the installed bundle still holds exactly this text.
 */
export const swaggerLogoStyle = '.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}';
const swaggerLogoStyleHash = `'sha256-${createHash('sha256').update(swaggerLogoStyle).digest('base64')}'`;

/**
 * The OpenAPI document is generated from the zod schemas every route declares, so each route appears in
 * `/api/openapi.json` and on the `/api/docs` page by construction. Register before any route. API_DOCS=off
 * leaves both out.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { appUrl: string; enabled: boolean },
): Promise<void> {
  // API_DOCS=off: neither address exists (the API's JSON 404), so the API's shape is not published.
  if (!options.enabled) return;
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Jotlist API',
        description: 'The HTTP API behind the Jotlist web application.',
        version: '1.0.0',
      },
      servers: [{ url: options.appUrl }],
      components: { securitySchemes },
    },
    transform,
  });

  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The docs page's inline script and style (those swagger-ui lists, and its logo's): allowed by hash,
    // nothing else, and no 'unsafe-inline'.
    transformStaticCSP: (header: string) => {
      const { script, style } = app.swaggerCSP;
      return header
        .replace(/script-src ([^;]*)/, `script-src $1 ${script.join(' ')}`)
        .replace(/style-src ([^;]*)/, `style-src $1 ${[...style, swaggerLogoStyleHash].join(' ')}`);
    },
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
