import { type CompiledQuery, type Insertable, type Selectable, sql } from 'kysely';
import type {
  AdminPost,
  AdminPostRow,
  BlogCategory,
  PostCard,
  PublicPost,
} from '../../../shared/schemas/blog.ts';
import type { Db } from '../../db/database.ts';
import type { BlogPostsTable } from '../../db/schema.ts';

export type BlogPostRow = Selectable<BlogPostsTable>;

/**
 * When a post counts as published for readers. Save Draft on a published post keeps status published
 * and clears published_at (docs/PRODUCT.md §4); such a post stays public and is dated by its last save.
 */
const publicDate = sql<string>`coalesce(published_at, updated_at)`;

const parseTags = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
};

type CardRow = Pick<
  BlogPostRow,
  'id' | 'title' | 'slug' | 'excerpt' | 'featured_image' | 'category_id' | 'tags' | 'reading_time'
> & { public_date: string };

export const toPostCard = (row: CardRow): PostCard => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  excerpt: row.excerpt,
  featuredImage: row.featured_image,
  categoryId: row.category_id,
  tags: parseTags(row.tags),
  readingTime: row.reading_time,
  publishedAt: row.public_date,
});

export const toPublicPost = (row: BlogPostRow & { public_date: string }): PublicPost => ({
  ...toPostCard(row),
  content: row.content,
  metaTitle: row.meta_title,
  metaDescription: row.meta_description,
  views: Number(row.views),
});

export const toAdminPost = (row: BlogPostRow): AdminPost => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  excerpt: row.excerpt,
  content: row.content,
  featuredImage: row.featured_image,
  categoryId: row.category_id,
  status: row.status,
  tags: parseTags(row.tags),
  readingTime: row.reading_time,
  metaTitle: row.meta_title,
  metaDescription: row.meta_description,
  publishedAt: row.published_at,
  views: Number(row.views),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  authorId: row.author_id,
});

// ---- Categories ----

export function listCategories(db: Db): Promise<BlogCategory[]> {
  return db.selectFrom('blog_categories').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

export async function categoryExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('blog_categories').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function categoryNameTaken(db: Db, name: string, exceptId: string | null): Promise<boolean> {
  let query = db.selectFrom('blog_categories').select('id').where('name', '=', name);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertCategory(db: Db, category: BlogCategory): Promise<void> {
  await db.insertInto('blog_categories').values(category).execute();
}

export async function renameCategory(db: Db, id: string, name: string): Promise<boolean> {
  const result = await db
    .updateTable('blog_categories')
    .set({ name })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The posts' category_id becomes null through the foreign key (ON DELETE SET NULL). */
export async function deleteCategory(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('blog_categories').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// ---- Public posts ----

const cardColumns = [
  'id',
  'title',
  'slug',
  'excerpt',
  'featured_image',
  'category_id',
  'tags',
  'reading_time',
] as const;

/** Published posts, newest first, optionally of one category. */
export function listPublishedCards(db: Db, options: { categoryId?: string; limit: number }) {
  let query = db
    .selectFrom('blog_posts')
    .select([...cardColumns, publicDate.as('public_date')])
    .where('status', '=', 'published');
  if (options.categoryId !== undefined) query = query.where('category_id', '=', options.categoryId);
  return query.orderBy(publicDate, 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

/** Published posts, newest first, with their content (RSS). */
export function listPublishedPosts(db: Db, limit: number) {
  return db
    .selectFrom('blog_posts')
    .selectAll()
    .select(publicDate.as('public_date'))
    .where('status', '=', 'published')
    .orderBy(publicDate, 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Every published post's slug and last change (sitemap). */
export function listPublishedSlugs(db: Db) {
  return db
    .selectFrom('blog_posts')
    .select(['slug', 'updated_at'])
    .where('status', '=', 'published')
    .orderBy(publicDate, 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findPublishedPost(db: Db, slug: string) {
  return db
    .selectFrom('blog_posts')
    .selectAll()
    .select(publicDate.as('public_date'))
    .where('slug', '=', slug)
    .where('status', '=', 'published')
    .executeTakeFirst();
}

/** A published post's id and stored view count (undefined if it is not public). */
export async function findPublishedPostViews(
  db: Db,
  slug: string,
): Promise<{ id: string; views: number } | undefined> {
  const row = await db
    .selectFrom('blog_posts')
    .select(['id', 'views'])
    .where('slug', '=', slug)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return row === undefined ? undefined : { id: row.id, views: Number(row.views) };
}

/** Adds views counted meanwhile, in the database (so every instance's additions are kept). */
export async function addViews(db: Db, postId: string, views: number): Promise<void> {
  await db
    .updateTable('blog_posts')
    .set((eb) => ({ views: eb('views', '+', views) }))
    .where('id', '=', postId)
    .execute();
}

// ---- Admin posts ----

export async function listAdminRows(db: Db): Promise<AdminPostRow[]> {
  const rows = await db
    .selectFrom('blog_posts')
    .select(['id', 'title', 'slug', 'status', 'published_at', 'views', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status,
    publishedAt: row.published_at,
    views: Number(row.views),
    createdAt: row.created_at,
  }));
}

export function findPost(db: Db, id: string): Promise<BlogPostRow | undefined> {
  return db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function slugTaken(db: Db, slug: string, exceptId: string | null): Promise<boolean> {
  let query = db.selectFrom('blog_posts').select('id').where('slug', '=', slug);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertPost(db: Db, row: Insertable<BlogPostsTable>): Promise<void> {
  await db.insertInto('blog_posts').values(row).execute();
}

export type PostChanges = Omit<BlogPostRow, 'id' | 'views' | 'created_at' | 'author_id'>;

export function updatePost(db: Db, id: string, changes: PostChanges): Promise<BlogPostRow | undefined> {
  return db.updateTable('blog_posts').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deletePost(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('blog_posts').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// ---- Version (cache key and ETag of everything public) ----

/**
 * Compiled once per database: every public blog request runs it, so it skips Kysely's builder. Keyed by
 * the Kysely instance (its dialect decides the SQL), not by the app: a WeakMap lets it go with the db.
 */
const versionQueries = new WeakMap<Db, CompiledQuery<{ version: string }>>();

export async function readVersion(db: Db): Promise<string> {
  let query = versionQueries.get(db);
  if (!query) {
    query = db.selectFrom('blog_state').select('version').where('id', '=', 1).compile();
    versionQueries.set(db, query);
  }
  const { rows } = await db.executeQuery(query);
  return rows[0]?.version ?? 'initial';
}

/** Replaces the version; call in the transaction of every write that readers can see. */
export async function replaceVersion(db: Db, version: string): Promise<void> {
  await db
    .insertInto('blog_state')
    .values({ id: 1, version })
    .onConflict((oc) => oc.column('id').doUpdateSet({ version }))
    .execute();
}
