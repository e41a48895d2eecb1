import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feedSize, reservedSlugs } from '../../../shared/domain/blog.ts';
import type { BlogPageData } from '../../../shared/schemas/blog.ts';
import type { AppDeps } from '../../deps.ts';
import { appShell } from '../../plugins/app-shell.ts';
import { findPublishedPost, listPublishedPosts, listPublishedSlugs, toPublicPost } from './blog.repo.ts';
import { blogVersion, publicCards, publicCategories } from './blog.service.ts';
import { type Rendered, sendRevalidated, VersionedCache } from './blog-cache.ts';
import { renderRss, renderSitemap } from './blog-feeds.ts';
import { listMeta, minimalShell, notFoundMeta, type PageMeta, postMeta, renderPage } from './blog-html.ts';
import { listBody, notFoundBody, postBody } from './blog-page-body.ts';

const html = 'text/html; charset=utf-8';
const hidden = { hide: true } as const;

/**
 * The blog's server-rendered documents: /blog and /blog/:slug (the built blog.html, or index.html, with
 * the complete page and its SEO tags in it, so crawlers and link previews need no JavaScript and a
 * visitor's browser runs only the small blog script, not the SPA), /blog/rss.xml and
 * /sitemap.xml. Registered as routes, so they win over the SPA's history fallback (a not-found
 * handler). Each response is rendered once per blog version (blog-cache.ts) and revalidated by ETag.
 */
export function blogPageRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const appUrl = deps.config.APP_URL;
  // Read once: the built client does not change under a running server.
  const built = (name: string) => {
    const file = deps.clientDir === null ? null : join(deps.clientDir, name);
    return file !== null && existsSync(file) ? readFileSync(file, 'utf8') : null;
  };
  const shell = built('index.html') ?? minimalShell;
  const adminShell = appShell(shell);
  // The blog's own page (blog.html: the stylesheet and the small blog script, no SPA). A build without
  // it gets the SPA's shell and the page's data, and the SPA takes over as before.
  const blogShell = built('blog.html');
  const page = (meta: PageMeta, body: string, data: BlogPageData | undefined) =>
    blogShell === null ? renderPage(shell, meta, body, data) : renderPage(blogShell, meta, body);
  const site = () => ({ supportEmail: deps.config.SUPPORT_EMAIL, year: new Date().getUTCFullYear() });

  return async (app) => {
    const cache = new VersionedCache();
    const serve = (key: string, build: () => Promise<Rendered>) => async () =>
      cache.get(await blogVersion(deps), key, build);

    // `?category=<id>` (the filter's address, as in the SPA) renders that category's posts; an unknown
    // one renders the whole list, so odd addresses cannot fill the cache.
    app.get(
      '/blog',
      { schema: { ...hidden, querystring: z.object({ category: z.string().optional() }) } },
      async (request, reply) => {
        const asked = request.query.category;
        const known = asked !== undefined && (await publicCategories(deps)).some(({ id }) => id === asked);
        const selected = known ? (asked ?? null) : null;
        const entry = await serve(`list:${selected ?? 'all'}`, async () => {
          const [posts, all] = await Promise.all([
            publicCards(deps, selected ?? undefined),
            publicCategories(deps),
          ]);
          const data = selected === null ? ({ kind: 'list', categories: all, posts } as const) : undefined;
          return {
            status: 200,
            type: html,
            body: page(listMeta(appUrl), listBody(posts, all, selected, site()), data),
          };
        })();
        return sendRevalidated(request, reply, entry);
      },
    );

    app.get(
      '/blog/:slug',
      { schema: { ...hidden, params: z.object({ slug: z.string() }) } },
      async (request, reply) => {
        const { slug } = request.params;
        // /blog/admin is the SPA's admin screen, not a post: the plain app shell, like any client route.
        if (reservedSlugs.includes(slug)) return adminShell.send(reply);
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
              body: page(meta, postBody(post, site()), { kind: 'post', post }),
            });
          } else {
            entry = await cache.get(version, 'missing', async () => ({
              status: 404,
              type: html,
              body: page(notFoundMeta(appUrl), notFoundBody(site()), undefined),
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
