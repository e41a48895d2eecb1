import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import {
  blogCategoriesResponseSchema,
  blogPostsQuerySchema,
  blogSlugParamsSchema,
  postCardsResponseSchema,
  postViewsResponseSchema,
  publicPostSchema,
} from '../../../shared/schemas/blog.ts';
import type { AppDeps } from '../../deps.ts';
import { readErrors } from '../../lib/route-support.ts';
import { blogVersion, countView, publicCards, publicCategories, publicPost } from './blog.service.ts';
import { type CachedResponse, etagOf, sendRevalidated, VersionedCache } from './blog-cache.ts';

const tags = ['blog'];
const json = 'application/json; charset=utf-8';

// Bodies here are JSON built (and checked against the response schema) once per blog version and sent
// as ready bytes (or a ready string), which Fastify passes through: the serializer does not run per request.

/**
 * /api/blog (public, no sign-in): categories, the published list and a published post, each with an
 * ETag (304 on If-None-Match) that changes with every blog write; the view counter.
 */
export function blogRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const cache = new VersionedCache();
    const cached = async (key: string, build: () => Promise<unknown>): Promise<CachedResponse> =>
      cache.get(await blogVersion(deps), key, async () => ({
        status: 200,
        type: json,
        body: JSON.stringify(await build()),
      }));

    app.get(
      '/api/blog/categories',
      {
        schema: {
          tags,
          summary: 'Blog categories, ordered by name',
          response: { 200: blogCategoriesResponseSchema },
        },
      },
      async (request, reply) => {
        const entry = await cached('categories', async () =>
          blogCategoriesResponseSchema.parse({ categories: await publicCategories(deps) }),
        );
        return sendRevalidated(request, reply, entry);
      },
    );

    app.get(
      '/api/blog/posts',
      {
        schema: {
          tags,
          summary: 'Published posts, newest first (at most 12), optionally of one category',
          querystring: blogPostsQuerySchema,
          response: { 200: postCardsResponseSchema, 400: errorBodySchema },
        },
      },
      async (request, reply) => {
        const category = request.query.category;
        const entry = await cached(`posts:${category ?? ''}`, async () =>
          postCardsResponseSchema.parse({ posts: await publicCards(deps, category) }),
        );
        return sendRevalidated(request, reply, entry);
      },
    );

    app.get(
      '/api/blog/posts/:slug',
      {
        schema: {
          tags,
          summary: 'A published post by slug (404 when missing or not published)',
          params: blogSlugParamsSchema,
          response: { 200: publicPostSchema, ...readErrors },
        },
      },
      async (request, reply) => {
        // Not cached in memory: views change without a new blog version. The ETag still saves the bytes.
        const body = JSON.stringify(publicPostSchema.parse(await publicPost(deps, request.params.slug)));
        // Weak: the compress plugin may encode it, and the ETag stays the same across encodings.
        const entry = { status: 200, type: json, body, etag: `W/${etagOf(body)}` };
        return sendRevalidated(request, reply, entry, { precompress: false });
      },
    );

    app.post(
      '/api/blog/posts/:slug/view',
      {
        schema: {
          tags,
          summary:
            'Count a view of a published post: once per visitor (address and User-Agent) per day; ' +
            'written in batches a few seconds later, and the answer already includes it',
          params: blogSlugParamsSchema,
          response: { 200: postViewsResponseSchema, ...readErrors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const visitor = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
        return { views: await countView(deps, request.params.slug, visitor) };
      },
    );
  };
}
