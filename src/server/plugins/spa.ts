import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages.ts';

const ONE_YEAR = 31536000;

/**
 * Serves the built SPA from one port with the API: hashed files under /assets are cached for a year,
 * index.html is always revalidated, and any other GET that is not under /api falls back to index.html
 * so client routes survive a reload. Unknown /api paths answer a JSON 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: { clientDir: string | null },
): Promise<void> {
  const clientDir = options.clientDir;
  const hasBuild = clientDir !== null && existsSync(join(clientDir, 'index.html'));

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(reply, path: string) {
        const immutable = path.includes(`${join(clientDir, 'assets')}`);
        reply.header('cache-control', immutable ? `public, max-age=${ONE_YEAR}, immutable` : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api');
    if (!wantsPage) {
      return reply.code(404).send({ error: { code: 'not_found', message: messages.api.notFound } });
    }
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web client is not built yet. Run `npm run build` (npm start does this for you).');
    }
    // A missing hashed asset must 404, not return HTML the browser would try to run as a script.
    if (/\.[a-z0-9]{1,8}$/i.test(path)) return reply.code(404).type('text/plain').send('Not found');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
