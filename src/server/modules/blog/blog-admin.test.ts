import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import type { AdminPost, AdminPostsResponse, PostCardsResponse } from '../../../shared/schemas/blog.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import {
  adminApi,
  type BlogTestContext,
  blogTestApp,
  call,
  expectApiError,
  postBody,
} from './blog-test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const someId = '00000000-0000-4000-8000-000000000000';

describe.each(testEngines)('blog admin on %s', (engine) => {
  let b: BlogTestContext;
  let api: ReturnType<typeof adminApi>;
  let existing: AdminPost;
  let categoryId = '';

  beforeAll(async () => {
    b = await blogTestApp(engine);
    api = adminApi(b);
    existing = await api.createPost();
    categoryId = (await api.createCategory(`Existing ${engine}`)).id;
  });
  afterAll(() => b.ctx.close());

  // Every admin route, with a body that would fail validation: a non-admin must get 404, never 400.
  const routes: Array<[string, () => ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, unknown?]]> = [
    ['list posts', () => ['GET', '/api/blog/admin/posts']],
    ['read a post', () => ['GET', `/api/blog/admin/posts/${existing.id}`]],
    ['create a post', () => ['POST', '/api/blog/admin/posts', { title: '' }]],
    ['create a post with a broken body', () => ['POST', '/api/blog/admin/posts', '{not json']],
    ['save a post', () => ['PUT', `/api/blog/admin/posts/${existing.id}`, { slug: 'Bad Slug' }]],
    ['delete a post', () => ['DELETE', `/api/blog/admin/posts/${existing.id}`]],
    ['create a category', () => ['POST', '/api/blog/admin/categories', { name: '' }]],
    ['rename a category', () => ['PATCH', `/api/blog/admin/categories/${categoryId}`, { name: 'x' }]],
    ['delete a category', () => ['DELETE', `/api/blog/admin/categories/${categoryId}`]],
  ];

  it.each(routes)('a signed-in non-admin cannot %s: 404', async (_what, make) => {
    const [method, url, body] = make();
    const res = await call(b.ctx, method, url, {
      cookies: b.user.cookies,
      ...(body !== undefined ? { body } : {}),
    });
    expect(expectApiError(res, 404, 'not_found').message).toBe(messages.api.notFound);
  });

  it.each(routes)('a signed-out visitor cannot %s: 404', async (_what, make) => {
    const [method, url, body] = make();
    const res = await call(b.ctx, method, url, body !== undefined ? { body } : {});
    expectApiError(res, 404, 'not_found');
  });

  it('nothing was changed by the refused calls', async () => {
    const res = await call(b.ctx, 'GET', `/api/blog/admin/posts/${existing.id}`, {
      cookies: b.admin.cookies,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(existing);
    const categories = (await call(b.ctx, 'GET', '/api/blog/categories')).json() as { categories: unknown[] };
    expect(categories.categories).toContainEqual({ id: categoryId, name: `Existing ${engine}` });
  });

  it('creates a draft: 201 with every field, author and no publication date', async () => {
    const body = postBody({
      featuredImage: 'https://img.example/a.png',
      categoryId,
      tags: ['a', 'b'],
      readingTime: 7,
    });
    const res = await call(b.ctx, 'POST', '/api/blog/admin/posts', { cookies: b.admin.cookies, body });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json() as AdminPost;
    expect(post).toMatchObject({
      title: body.title,
      slug: body.slug,
      excerpt: body.excerpt,
      content: body.content,
      featuredImage: 'https://img.example/a.png',
      categoryId,
      status: 'draft',
      tags: ['a', 'b'],
      readingTime: 7,
      metaTitle: '',
      metaDescription: '',
      publishedAt: null,
      views: 0,
      authorId: b.admin.userId,
    });
    expect(post.createdAt).toBe(post.updatedAt);
  });

  it('Publish sets status published and published now; Save Draft keeps the status and clears the date', async () => {
    const draft = await api.createPost();
    b.ctx.clock.advance(1000);
    const published = await api.savePost(
      draft.id,
      postBody({ slug: draft.slug, status: 'draft', publish: true }),
    );
    expect(published.status).toBe('published');
    expect(published.publishedAt).toBe(b.ctx.clock.now.toISOString());
    const saved = await api.savePost(
      draft.id,
      postBody({ slug: draft.slug, status: 'published', publish: false }),
    );
    expect(saved).toMatchObject({ status: 'published', publishedAt: null });
    const unpublished = await api.savePost(
      draft.id,
      postBody({ slug: draft.slug, status: 'draft', publish: false }),
    );
    expect(unpublished).toMatchObject({ status: 'draft', publishedAt: null });
  });

  it('lists every post, drafts too, newest created first', async () => {
    b.ctx.clock.advance(1000);
    const first = await api.createPost();
    b.ctx.clock.advance(1000);
    const second = await api.publish();
    const res = await call(b.ctx, 'GET', '/api/blog/admin/posts', { cookies: b.admin.cookies });
    const { posts } = res.json() as AdminPostsResponse;
    expect(posts.slice(0, 2).map((p) => p.id)).toEqual([second.id, first.id]);
    expect(posts[0]).toEqual({
      id: second.id,
      title: second.title,
      slug: second.slug,
      status: 'published',
      publishedAt: second.publishedAt,
      views: 0,
      createdAt: second.createdAt,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a slug used by another post is refused with 409 slug_taken, on create and on save', async () => {
    const taken = await api.createPost();
    const onCreate = await call(b.ctx, 'POST', '/api/blog/admin/posts', {
      cookies: b.admin.cookies,
      body: postBody({ slug: taken.slug }),
    });
    const error = expectApiError(onCreate, 409, 'slug_taken');
    expect(error).toEqual({
      code: 'slug_taken',
      message: 'This slug is already used by another post',
      fields: { slug: 'This slug is already used by another post' },
    });
    const other = await api.createPost();
    const onSave = await call(b.ctx, 'PUT', `/api/blog/admin/posts/${other.id}`, {
      cookies: b.admin.cookies,
      body: postBody({ slug: taken.slug }),
    });
    expectApiError(onSave, 409, 'slug_taken');
    // A post keeps its own slug when saved again.
    await api.savePost(taken.id, postBody({ slug: taken.slug, title: 'Same slug' }));
  });

  it.each([
    ['uppercase', 'Hello-World'],
    ['spaces', 'hello world'],
    ['a leading hyphen', '-hello'],
    ['a trailing hyphen', 'hello-'],
    ['two hyphens in a row', 'hello--world'],
    ['punctuation', 'hello.world'],
    ['nothing', ''],
  ])('a slug with %s is refused: 400', async (_what, slug) => {
    const res = await call(b.ctx, 'POST', '/api/blog/admin/posts', {
      cookies: b.admin.cookies,
      body: postBody({ slug }),
    });
    expect(expectApiError(res, 400, 'validation_failed').fields).toHaveProperty('slug');
  });

  it('the slug "admin" is reserved (it is the admin page)', async () => {
    const res = await call(b.ctx, 'POST', '/api/blog/admin/posts', {
      cookies: b.admin.cookies,
      body: postBody({ slug: 'admin' }),
    });
    expect(expectApiError(res, 400, 'validation_failed').fields?.slug).toBe(messages.blogApi.slugReserved);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:image/png;base64,AAAA'],
    ['ftp:', 'ftp://example.com/a.png'],
    ['a relative URL', '/images/a.png'],
    ['no URL', 'not a url'],
  ])('a featured image with %s is refused: 400', async (_what, featuredImage) => {
    const res = await call(b.ctx, 'POST', '/api/blog/admin/posts', {
      cookies: b.admin.cookies,
      body: postBody({ featuredImage }),
    });
    expect(expectApiError(res, 400, 'validation_failed').fields?.featuredImage).toBe(
      messages.blogApi.imageInvalid,
    );
  });

  it('reading time must be a whole number of at least 1', async () => {
    for (const readingTime of [0, -1, 2.5]) {
      const res = await call(b.ctx, 'POST', '/api/blog/admin/posts', {
        cookies: b.admin.cookies,
        body: postBody({ readingTime }),
      });
      expect(expectApiError(res, 400, 'validation_failed').fields).toHaveProperty('readingTime');
    }
  });

  it('tags are trimmed; an unknown category is refused', async () => {
    const post = await api.createPost({ tags: [' spaced ', 'x'] });
    expect(post.tags).toEqual(['spaced', 'x']);
    const res = await call(b.ctx, 'POST', '/api/blog/admin/posts', {
      cookies: b.admin.cookies,
      body: postBody({ categoryId: someId }),
    });
    expect(expectApiError(res, 400, 'validation_failed').fields).toHaveProperty('categoryId');
  });

  it('content is sanitized on every save', async () => {
    const post = await api.createPost({
      content: '<p onclick="x()">Hi<script>alert(1)</script></p><img src=x onerror=alert(1)>',
    });
    expect(post.content).toBe('<p>Hi</p>');
    const saved = await api.savePost(
      post.id,
      postBody({
        slug: post.slug,
        content: '<a href="javascript:alert(1)">x</a><iframe src="https://e.com"></iframe>',
      }),
    );
    expect(saved.content).toBe('<a>x</a>');
    const read = await call(b.ctx, 'GET', `/api/blog/admin/posts/${post.id}`, { cookies: b.admin.cookies });
    expect((read.json() as AdminPost).content).toBe('<a>x</a>');
  });

  it('deletes a post; a missing post answers 404', async () => {
    const post = await api.createPost();
    await api.deletePost(post.id);
    expectApiError(
      await call(b.ctx, 'GET', `/api/blog/admin/posts/${post.id}`, { cookies: b.admin.cookies }),
      404,
      'not_found',
    );
    expectApiError(
      await call(b.ctx, 'DELETE', `/api/blog/admin/posts/${post.id}`, { cookies: b.admin.cookies }),
      404,
      'not_found',
    );
    expectApiError(
      await call(b.ctx, 'PUT', `/api/blog/admin/posts/${someId}`, {
        cookies: b.admin.cookies,
        body: postBody(),
      }),
      404,
      'not_found',
    );
  });

  it('categories: create, rename, delete; posts keep working with category null', async () => {
    const category = await api.createCategory(`News ${engine}`);
    const post = await api.publish({ categoryId: category.id });
    const renamed = await call(b.ctx, 'PATCH', `/api/blog/admin/categories/${category.id}`, {
      cookies: b.admin.cookies,
      body: { name: `  Updates ${engine} ` },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: category.id, name: `Updates ${engine}` });
    const duplicate = await call(b.ctx, 'POST', '/api/blog/admin/categories', {
      cookies: b.admin.cookies,
      body: { name: `Updates ${engine}` },
    });
    expect(expectApiError(duplicate, 409, 'conflict').fields).toHaveProperty('name');
    expectApiError(
      await call(b.ctx, 'POST', '/api/blog/admin/categories', {
        cookies: b.admin.cookies,
        body: { name: '  ' },
      }),
      400,
      'validation_failed',
    );

    const removed = await call(b.ctx, 'DELETE', `/api/blog/admin/categories/${category.id}`, {
      cookies: b.admin.cookies,
    });
    expect(removed.statusCode).toBe(204);
    const read = await call(b.ctx, 'GET', `/api/blog/admin/posts/${post.id}`, { cookies: b.admin.cookies });
    expect((read.json() as AdminPost).categoryId).toBeNull();
    const listed = (await call(b.ctx, 'GET', '/api/blog/posts')).json() as PostCardsResponse;
    expect(listed.posts.find((p) => p.id === post.id)?.categoryId).toBeNull();
    const publicPost = await call(b.ctx, 'GET', `/api/blog/posts/${post.slug}`);
    expect(publicPost.statusCode).toBe(200);
    expectApiError(
      await call(b.ctx, 'DELETE', `/api/blog/admin/categories/${category.id}`, { cookies: b.admin.cookies }),
      404,
      'not_found',
    );
    expectApiError(
      await call(b.ctx, 'PATCH', `/api/blog/admin/categories/${category.id}`, {
        cookies: b.admin.cookies,
        body: { name: 'x' },
      }),
      404,
      'not_found',
    );
  });
});

// Its own app: the clock jumps 8 days, which would end every other test's sessions (tests run shuffled).
describe.each(testEngines)('blog admin after the trial on %s', (engine) => {
  let b: BlogTestContext;

  beforeAll(async () => {
    b = await blogTestApp(engine);
  });
  afterAll(() => b.ctx.close());

  it('an admin whose trial has ended still runs the blog (not a workspace route)', async () => {
    b.ctx.clock.advance(8 * DAY);
    const cookies = await signIn(b.ctx, b.admin.email, b.admin.password);
    const res = await call(b.ctx, 'POST', '/api/blog/admin/posts', { cookies, body: postBody() });
    expect(res.statusCode, res.body).toBe(201);
  });
});
