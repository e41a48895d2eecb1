import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feedSize, reservedSlugs } from '../../../shared/domain/blog.ts';
import type { AppDeps } from '../../deps.ts';
import { findPublishedPost, listPublishedPosts, listPublishedSlugs, toPublicPost } from './blog.repo.ts';
import { blogVersion, publicCards, publicCategories } from './blog.service.ts';
import { type Rendered, sendRevalidated, VersionedCache } from './blog-cache.ts';
import { renderRss, renderSitemap } from './blog-feeds.ts';
import { listMeta, minimalShell, notFoundMeta, postMeta, renderPage } from './blog-html.ts';
import { listBody, notFoundBody, postBody } from './blog-page-body.ts';

const html = 'text/html; charset=utf-8';
const hidden = { hide: true } as const;

/**
 * The blog's server-rendered documents: /blog and /blog/:slug (the SPA's index.html with the content
 * and SEO tags in it, so crawlers and link previews need no JavaScript), /blog/rss.xml and
 * /sitemap.xml. Registered as routes, so they win over the SPA's history fallback (a not-found
 * handler). Each response is rendered once per blog version (blog-cache.ts) and revalidated by ETag.
 */
export function blogPageRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const appUrl = deps.config.APP_URL;
  const indexFile = deps.clientDir === null ? null : join(deps.clientDir, 'index.html');
  // Read once: the built client does not change under a running server.
  const shell = indexFile !== null && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : minimalShell;

  return async (app) => {
    const cache = new VersionedCache();
    const serve = (key: string, build: () => Promise<Rendered>) => async () =>
      cache.get(await blogVersion(deps), key, build);

    app.get('/blog', { schema: hidden }, async (request, reply) => {
      const entry = await serve('list', async () => {
        const [posts, categories] = await Promise.all([publicCards(deps), publicCategories(deps)]);
        const data = { kind: 'list', categories, posts } as const;
        return {
          status: 200,
          type: html,
          body: renderPage(shell, listMeta(appUrl), listBody(posts, categories), data),
        };
      })();
      return sendRevalidated(request, reply, entry);
    });

    app.get(
      '/blog/:slug',
      { schema: { ...hidden, params: z.object({ slug: z.string() }) } },
      async (request, reply) => {
        const { slug } = request.params;
        // /blog/admin is the SPA's admin screen, not a post: the plain app shell, like any client route.
        if (reservedSlugs.includes(slug)) {
          return reply.header('cache-control', 'no-cache').type(html).send(shell);
        }
        // Keyed by the slug asked for, so a hit costs no query; only found posts are kept, so random
        // slugs cannot fill the cache (each miss renders the small not-found page again).
        const version = await blogVersion(deps);
        const key = `post:${slug}`;
        let entry = cache.lookup(version, key);
        if (!entry) {
          const row = await findPublishedPost(deps.database.db, slug);
          if (row) {
            const post = toPublicPost(row);
            const meta = postMeta({ ...post, updatedAt: row.updated_at }, appUrl);
            entry = cache.store(version, key, {
              status: 200,
              type: html,
              body: renderPage(shell, meta, postBody(post), { kind: 'post', post }),
            });
          } else {
            entry = await cache.get(version, 'missing', async () => ({
              status: 404,
              type: html,
              body: renderPage(shell, notFoundMeta(appUrl), notFoundBody()),
            }));
          }
        }
        return sendRevalidated(request, reply, entry);
      },
    );

    app.get('/blog/rss.xml', { schema: hidden }, async (request, reply) => {
      const entry = await serve('rss', async () => ({
        status: 200,
        type: 'application/rss+xml; charset=utf-8',
        body: renderRss(await listPublishedPosts(deps.database.db, feedSize), appUrl),
      }))();
      return sendRevalidated(request, reply, entry);
    });

    app.get('/sitemap.xml', { schema: hidden }, async (request, reply) => {
      const entry = await serve('sitemap', async () => ({
        status: 200,
        type: 'application/xml; charset=utf-8',
        body: renderSitemap(await listPublishedSlugs(deps.database.db), appUrl),
      }))();
      return sendRevalidated(request, reply, entry);
    });
  };
}
