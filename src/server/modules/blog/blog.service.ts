import { randomUUID } from 'node:crypto';
import { postsPerPage } from '../../../shared/domain/blog.ts';
import { messages } from '../../../shared/messages.ts';
import type {
  AdminPost,
  AdminPostRow,
  BlogCategory,
  PostCard,
  PublicPost,
  SaveBlogCategoryBody,
  SavePostBody,
} from '../../../shared/schemas/blog.ts';
import { AppError, badRequest, notFound } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps, Visitor } from '../../deps.ts';
import {
  categoryExists,
  categoryNameTaken,
  deleteCategory,
  deletePost,
  findPost,
  findPublishedPost,
  insertCategory,
  insertPost,
  listAdminRows,
  listCategories,
  listPublishedCards,
  type PostChanges,
  readVersion,
  renameCategory,
  replaceVersion,
  slugTaken,
  toAdminPost,
  toPostCard,
  toPublicPost,
  updatePost,
} from './blog.repo.ts';
import { sanitizePostHtml } from './blog-sanitize.ts';

const m = messages.blogApi;
const notFoundError = () => notFound(messages.api.notFound);
const slugTakenError = () => new AppError('slug_taken', 409, m.slugTaken, { slug: m.slugTaken });
const categoryTakenError = () => new AppError('conflict', 409, m.categoryTaken, { name: m.categoryTaken });

/** A unique index refused the row (both engines): a concurrent save won the race past our check. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = String(error.code);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

async function mapUnique<T>(work: () => Promise<T>, conflict: () => AppError): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}

/** Every write readers can see runs here: in one transaction that also replaces the blog's version. */
function publicWrite<T>(deps: AppDeps, work: (trx: Db) => Promise<T>): Promise<T> {
  return deps.database.db.transaction().execute(async (trx) => {
    const result = await work(trx);
    await replaceVersion(trx, randomUUID());
    return result;
  });
}

/** The version of everything public (posts, categories): the page cache key and ETag base. */
export const blogVersion = (deps: AppDeps): Promise<string> => readVersion(deps.database.db);

// ---- Public ----

export const publicCategories = (deps: AppDeps): Promise<BlogCategory[]> => listCategories(deps.database.db);

export async function publicCards(deps: AppDeps, categoryId?: string): Promise<PostCard[]> {
  const rows = await listPublishedCards(deps.database.db, {
    ...(categoryId !== undefined ? { categoryId } : {}),
    limit: postsPerPage,
  });
  return rows.map(toPostCard);
}

export async function publicPost(deps: AppDeps, slug: string): Promise<PublicPost> {
  const row = await findPublishedPost(deps.database.db, slug);
  if (!row) throw notFoundError();
  const post = toPublicPost(row);
  // Views counted here and not yet written (blog-views.ts) are shown too.
  return { ...post, views: post.views + deps.context.blogViews.pendingFor(post.id) };
}

/** Opening a published post: one view per visitor per day, written in batches (blog-views.ts). */
export async function countView(deps: AppDeps, slug: string, visitor: Visitor): Promise<number> {
  const views = await deps.context.blogViews.count(slug, visitor);
  if (views === undefined) throw notFoundError();
  return views;
}

// ---- Admin: posts ----

export const adminPosts = (deps: AppDeps): Promise<AdminPostRow[]> => listAdminRows(deps.database.db);

export async function adminPost(deps: AppDeps, id: string): Promise<AdminPost> {
  const row = await findPost(deps.database.db, id);
  if (!row) throw notFoundError();
  return toAdminPost(row);
}

/**
 * The stored form of an editor save. Publish: status published, published now. Save Draft: the status
 * as chosen, published_at cleared (docs/PRODUCT.md §4). Content is sanitized on every save.
 */
function postChanges(body: SavePostBody, now: string): PostChanges {
  return {
    title: body.title,
    slug: body.slug,
    excerpt: body.excerpt,
    content: sanitizePostHtml(body.content),
    featured_image: body.featuredImage,
    category_id: body.categoryId,
    status: body.publish ? 'published' : body.status,
    tags: JSON.stringify(body.tags),
    reading_time: body.readingTime,
    meta_title: body.metaTitle,
    meta_description: body.metaDescription,
    published_at: body.publish ? now : null,
    updated_at: now,
  };
}

async function checkPost(trx: Db, body: SavePostBody, id: string | null): Promise<void> {
  if (body.categoryId !== null && !(await categoryExists(trx, body.categoryId))) {
    throw badRequest(m.categoryNotFound, { categoryId: m.categoryNotFound });
  }
  if (await slugTaken(trx, body.slug, id)) throw slugTakenError();
}

export async function createPost(deps: AppDeps, authorId: string, body: SavePostBody): Promise<AdminPost> {
  const now = deps.now().toISOString();
  return mapUnique(
    () =>
      publicWrite(deps, async (trx) => {
        await checkPost(trx, body, null);
        const row = {
          id: randomUUID(),
          ...postChanges(body, now),
          views: 0,
          created_at: now,
          author_id: authorId,
        };
        await insertPost(trx, row);
        return toAdminPost(row);
      }),
    slugTakenError,
  );
}

export async function savePost(deps: AppDeps, id: string, body: SavePostBody): Promise<AdminPost> {
  const now = deps.now().toISOString();
  return mapUnique(
    () =>
      publicWrite(deps, async (trx) => {
        if (!(await findPost(trx, id))) throw notFoundError();
        await checkPost(trx, body, id);
        const row = await updatePost(trx, id, postChanges(body, now));
        if (!row) throw notFoundError();
        return toAdminPost(row);
      }),
    slugTakenError,
  );
}

export async function removePost(deps: AppDeps, id: string): Promise<void> {
  await publicWrite(deps, async (trx) => {
    if (!(await deletePost(trx, id))) throw notFoundError();
  });
}

// ---- Admin: categories ----

export async function createCategory(deps: AppDeps, body: SaveBlogCategoryBody): Promise<BlogCategory> {
  return mapUnique(
    () =>
      publicWrite(deps, async (trx) => {
        if (await categoryNameTaken(trx, body.name, null)) throw categoryTakenError();
        const category = { id: randomUUID(), name: body.name };
        await insertCategory(trx, category);
        return category;
      }),
    categoryTakenError,
  );
}

export async function changeCategory(
  deps: AppDeps,
  id: string,
  body: SaveBlogCategoryBody,
): Promise<BlogCategory> {
  return mapUnique(
    () =>
      publicWrite(deps, async (trx) => {
        if (await categoryNameTaken(trx, body.name, id)) throw categoryTakenError();
        if (!(await renameCategory(trx, id, body.name))) throw notFoundError();
        return { id, name: body.name };
      }),
    categoryTakenError,
  );
}

/** The category's posts stay, with category null (the foreign key sets it). */
export async function removeCategory(deps: AppDeps, id: string): Promise<void> {
  await publicWrite(deps, async (trx) => {
    if (!(await deleteCategory(trx, id))) throw notFoundError();
  });
}
