import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The public blog (docs/blog.md): blog_categories, blog_posts and blog_state (the version of the public blog). Portable schema-builder DDL like every
 * migration. Timestamps are ISO text made by the application; tags are a JSON array in text (both
 * engines read it the same way); published_at is null for drafts. Deleting a category or the author's
 * account leaves the post in place with a null reference.
 */
export const blogMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('blog_categories')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull().unique())
      .execute();

    await db.schema
      .createTable('blog_posts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('slug', 'text', (col) => col.notNull().unique())
      .addColumn('excerpt', 'text', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('featured_image', 'text')
      .addColumn('category_id', 'text', (col) => col.references('blog_categories.id').onDelete('set null'))
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('draft'))
      .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('reading_time', 'integer', (col) => col.notNull().defaultTo(5))
      .addColumn('meta_title', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('meta_description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('published_at', 'text')
      .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addColumn('author_id', 'text', (col) => col.references('users.id').onDelete('set null'))
      .execute();
    // The public list: published posts newest first, optionally one category's.
    await db.schema
      .createIndex('blog_posts_public_idx')
      .on('blog_posts')
      .columns(['status', 'published_at'])
      .execute();
    await db.schema
      .createIndex('blog_posts_category_idx')
      .on('blog_posts')
      .columns(['category_id', 'status', 'published_at'])
      .execute();
    // The admin list (newest created first) and the set-null cascade from users.
    await db.schema.createIndex('blog_posts_created_idx').on('blog_posts').column('created_at').execute();
    await db.schema.createIndex('blog_posts_author_idx').on('blog_posts').column('author_id').execute();

    // One row (id 1): a random version replaced in the same transaction as every blog write. Public blog
    // responses derive their ETag and in-memory page cache key from it, so every server instance sees a
    // change at once (docs/operations.md: no per-process cache without shared invalidation).
    await db.schema
      .createTable('blog_state')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('version', 'text', (col) => col.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('blog_state').execute();
    await db.schema.dropTable('blog_posts').execute();
    await db.schema.dropTable('blog_categories').execute();
  },
};
