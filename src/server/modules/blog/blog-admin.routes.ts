import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages.ts';
import {
  adminPostSchema,
  adminPostsResponseSchema,
  blogCategorySchema,
  blogIdParamsSchema,
  saveBlogCategoryBodySchema,
  savePostBodySchema,
} from '../../../shared/schemas/blog.ts';
import { notFound } from '../../app-error.ts';
import type { AppDeps } from '../../deps.ts';
import { noContent, noStore, writeErrors } from '../../lib/route-support.ts';
import { currentUser, hasConfirmedEmail } from '../auth/index.ts';
import {
  adminPost,
  adminPosts,
  changeCategory,
  createCategory,
  createPost,
  removeCategory,
  removePost,
  savePost,
} from './blog.service.ts';

const tags = ['blog admin'];
const errors = { ...writeErrors, 409: writeErrors[400] };

/**
 * /api/blog/admin/*: the blog's posts and categories, for accounts listed in ADMIN_EMAILS only, once
 * their address is confirmed (anyone can sign up a listed address). Anyone else, signed out included,
 * gets 404 as if the routes did not exist, decided in onRequest: before the body is parsed or
 * validated, so a non-admin learns nothing from error messages. Not a workspace route (not in
 * guardedScope): an admin whose own trial has ended still runs the blog.
 */
export function blogAdminRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const admins = new Set(deps.config.adminEmails);
  const isAdmin = async (request: FastifyRequest) =>
    request.auth !== null &&
    admins.has(request.auth.email.trim().toLowerCase()) &&
    (await hasConfirmedEmail(deps, request.auth.userId));

  return async (app) => {
    noStore(app);
    app.addHook('onRequest', async (request) => {
      if (!(await isAdmin(request))) throw notFound(messages.api.notFound);
    });

    app.get(
      '/api/blog/admin/posts',
      {
        schema: {
          tags,
          summary: 'Every post (drafts too), newest created first',
          response: { 200: adminPostsResponseSchema, ...errors },
        },
      },
      async () => ({ posts: await adminPosts(deps) }),
    );

    app.get(
      '/api/blog/admin/posts/:id',
      {
        schema: {
          tags,
          summary: 'One post for the editor',
          params: blogIdParamsSchema,
          response: { 200: adminPostSchema, ...errors },
        },
      },
      async (request) => adminPost(deps, request.params.id),
    );

    app.post(
      '/api/blog/admin/posts',
      {
        schema: {
          tags,
          summary: 'Create a post (content sanitized; publish=true publishes now)',
          body: savePostBodySchema,
          response: { 201: adminPostSchema, ...errors },
        },
      },
      async (request, reply) => {
        const post = await createPost(deps, currentUser(request).userId, request.body);
        return reply.code(201).send(post);
      },
    );

    app.put(
      '/api/blog/admin/posts/:id',
      {
        schema: {
          tags,
          summary: 'Save a post (Save Draft: publish=false clears published_at; Publish: publish=true)',
          params: blogIdParamsSchema,
          body: savePostBodySchema,
          response: { 200: adminPostSchema, ...errors },
        },
      },
      async (request) => savePost(deps, request.params.id, request.body),
    );

    app.delete(
      '/api/blog/admin/posts/:id',
      {
        schema: {
          tags,
          summary: 'Delete a post',
          params: blogIdParamsSchema,
          response: { 204: noContent, ...errors },
        },
      },
      async (request, reply) => {
        await removePost(deps, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/blog/admin/categories',
      {
        schema: {
          tags,
          summary: 'Create a category (names are unique)',
          body: saveBlogCategoryBodySchema,
          response: { 201: blogCategorySchema, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await createCategory(deps, request.body)),
    );

    app.patch(
      '/api/blog/admin/categories/:id',
      {
        schema: {
          tags,
          summary: 'Rename a category',
          params: blogIdParamsSchema,
          body: saveBlogCategoryBodySchema,
          response: { 200: blogCategorySchema, ...errors },
        },
      },
      async (request) => changeCategory(deps, request.params.id, request.body),
    );

    app.delete(
      '/api/blog/admin/categories/:id',
      {
        schema: {
          tags,
          summary: 'Delete a category (its posts stay, with no category)',
          params: blogIdParamsSchema,
          response: { 204: noContent, ...errors },
        },
      },
      async (request, reply) => {
        await removeCategory(deps, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
