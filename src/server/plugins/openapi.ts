import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
    },
    transform: jsonSchemaTransform,
  });

  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The docs page ships inline script and style; allow exactly those by hash, nothing else.
    transformStaticCSP: (header: string) => {
      const { script, style } = app.swaggerCSP;
      return header
        .replace(/script-src ([^;]*)/, `script-src $1 ${script.join(' ')}`)
        .replace(/style-src ([^;]*)/, `style-src $1 'unsafe-inline' ${style.join(' ')}`);
    },
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
