import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages.ts';
import { appShell } from './app-shell.ts';

const ONE_YEAR = 31536000;

/** Built pages the server fills in before sending: never served as the files they are. */
const templates = new Set(['/index.html', '/blog.html']);

/**
 * Serves the built SPA from one port with the API: hashed files under /assets are cached for a year,
 * index.html is always fetched again (it carries a fresh style nonce, app-shell.ts), and any other GET
 * that is not under /api falls back to it so client routes survive a reload. Unknown /api paths answer
 * a JSON 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: { clientDir: string | null },
): Promise<void> {
  const clientDir = options.clientDir;
  const hasBuild = clientDir !== null && existsSync(join(clientDir, 'index.html'));
  // Read once: the built client does not change under a running server.
  const shell = hasBuild ? appShell(readFileSync(join(clientDir, 'index.html'), 'utf8')) : null;

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // index.html goes out through the not-found handler below, with its nonce; blog.html is the blog
      // pages' template (blog-pages.routes.ts), so a 404 on its own.
      allowedPath: (path) => !templates.has(path),
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
    if (shell === null) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web client is not built yet. Run `npm run build` (npm start does this for you).');
    }
    // The service worker keeps /index.html for offline starts (public/sw.js).
    if (path === '/index.html') return shell.send(reply);
    // A missing hashed asset must 404, not return HTML the browser would try to run as a script.
    if (/\.[a-z0-9]{1,8}$/i.test(path)) return reply.code(404).type('text/plain').send('Not found');
    return shell.send(reply);
  });
}
