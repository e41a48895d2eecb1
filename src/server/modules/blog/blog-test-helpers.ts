import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AdminPost, BlogCategory, SavePostBody } from '../../../shared/schemas/blog.ts';
import type { DbEngine } from '../../db/database.ts';
import { asUser, type SessionCookies, signedInUser, uniqueEmail } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';

/** A test app whose ADMIN_EMAILS lists one signed-in admin, beside one signed-in ordinary user. */
export interface BlogTestContext {
  ctx: TestContext;
  admin: { email: string; password: string; userId: string; cookies: SessionCookies };
  user: { email: string; password: string; userId: string; cookies: SessionCookies };
}

export async function blogTestApp(
  engine: DbEngine,
  env: Record<string, string> = {},
): Promise<BlogTestContext> {
  const adminEmail = uniqueEmail('admin');
  // Listed with different case and spaces: the config normalizes, the check must too.
  const ctx = await buildTestApp(engine, {
    ADMIN_EMAILS: ` other@example.com , ${adminEmail.toUpperCase()} `,
    ...env,
  });
  const admin = await signedInUser(ctx, { email: adminEmail });
  const user = await signedInUser(ctx);
  return { ctx, admin, user };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function call(
  ctx: TestContext,
  method: Method,
  url: string,
  options: { body?: unknown; cookies?: Partial<SessionCookies>; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const inject: InjectOptions = {
    method,
    url,
    ...(options.cookies ? asUser(options.cookies) : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  };
  if (options.body !== undefined) {
    inject.payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    inject.headers = { 'content-type': 'application/json', ...(options.headers ?? {}) };
  }
  return ctx.app.inject(inject);
}

let counter = 0;

/** A valid editor save; a unique slug unless given. */
export function postBody(overrides: Partial<SavePostBody> = {}): SavePostBody {
  counter += 1;
  return {
    title: `Post ${counter}`,
    slug: `post-${counter}-${Math.random().toString(36).slice(2, 8)}`,
    excerpt: 'A short excerpt',
    content: '<p>Hello <strong>world</strong></p>',
    featuredImage: null,
    categoryId: null,
    status: 'draft',
    tags: ['one', 'two'],
    readingTime: 5,
    metaTitle: '',
    metaDescription: '',
    publish: false,
    ...overrides,
  };
}

/** Admin helpers that expect success. */
export function adminApi(b: BlogTestContext) {
  const as = { cookies: b.admin.cookies };
  return {
    async createPost(overrides: Partial<SavePostBody> = {}): Promise<AdminPost> {
      const res = await call(b.ctx, 'POST', '/api/blog/admin/posts', { ...as, body: postBody(overrides) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as AdminPost;
    },
    async publish(overrides: Partial<SavePostBody> = {}): Promise<AdminPost> {
      return this.createPost({ publish: true, ...overrides });
    },
    async savePost(id: string, body: SavePostBody): Promise<AdminPost> {
      const res = await call(b.ctx, 'PUT', `/api/blog/admin/posts/${id}`, { ...as, body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AdminPost;
    },
    async deletePost(id: string): Promise<void> {
      const res = await call(b.ctx, 'DELETE', `/api/blog/admin/posts/${id}`, as);
      expect(res.statusCode, res.body).toBe(204);
    },
    async createCategory(name: string): Promise<BlogCategory> {
      const res = await call(b.ctx, 'POST', '/api/blog/admin/categories', { ...as, body: { name } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as BlogCategory;
    },
  };
}

/** The `{ error }` body of a failed call, after checking its status and code. */
export function expectApiError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(body.error.code).toBe(code);
  return body.error;
}
