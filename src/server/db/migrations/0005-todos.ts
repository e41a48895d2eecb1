import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Todos: todos > todo_categories > todo_items (tasks) > todo_subtasks. Portable schema-builder DDL like
 * every migration; every table repeats user_id so each query checks ownership in its own WHERE clause.
 * todo_items repeat todo_id (docs/PRODUCT.md §3) and the services keep it equal to their category's todo.
 * due_date is a calendar day 'YYYY-MM-DD' (no zone); estimated_time is minutes, null when none.
 */
export const todosMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('todos')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('color', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('todos_user_position_idx')
      .on('todos')
      .columns(['user_id', 'position', 'created_at'])
      .execute();

    await db.schema
      .createTable('todo_categories')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('todo_id', 'text', (col) => col.notNull().references('todos.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    // Leading todo_id: the cascade from todos and "categories of a todo in order".
    await db.schema
      .createIndex('todo_categories_todo_position_idx')
      .on('todo_categories')
      .columns(['todo_id', 'position'])
      .execute();
    await db.schema
      .createIndex('todo_categories_user_idx')
      .on('todo_categories')
      .columns(['user_id', 'todo_id', 'position'])
      .execute();

    await db.schema
      .createTable('todo_items')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('category_id', 'text', (col) =>
        col.notNull().references('todo_categories.id').onDelete('cascade'),
      )
      .addColumn('todo_id', 'text', (col) => col.notNull().references('todos.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('completed', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('due_date', 'text')
      .addColumn('priority', 'text', (col) => col.notNull().defaultTo('medium'))
      .addColumn('estimated_time', 'integer')
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    // A category's list in order, and the cascade from categories.
    await db.schema
      .createIndex('todo_items_category_position_idx')
      .on('todo_items')
      .columns(['category_id', 'position'])
      .execute();
    // The tree's open/done counts per category come from this index alone (no row reads).
    await db.schema
      .createIndex('todo_items_counts_idx')
      .on('todo_items')
      .columns(['user_id', 'category_id', 'completed'])
      .execute();
    // The cascade from todos (todo_id has its own foreign key).
    await db.schema.createIndex('todo_items_todo_idx').on('todo_items').column('todo_id').execute();
    // Search results come newest first; a short (unindexable) search walks this and stops at the limit.
    await db.schema
      .createIndex('todo_items_recent_idx')
      .on('todo_items')
      .columns(['user_id', 'updated_at', 'id'])
      .execute();

    await db.schema
      .createTable('todo_subtasks')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('todo_item_id', 'text', (col) =>
        col.notNull().references('todo_items.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('completed', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    // A task's subtasks in order, the cascade from tasks, and (with completed) the list's counts.
    await db.schema
      .createIndex('todo_subtasks_item_idx')
      .on('todo_subtasks')
      .columns(['todo_item_id', 'completed', 'position'])
      .execute();

    await createTaskSearchIndex(db);
  },

  async down(db: Kysely<unknown>) {
    if (isSqlite(db)) {
      await sql`drop trigger if exists todo_items_fts_after_insert`.execute(db);
      await sql`drop trigger if exists todo_items_fts_after_delete`.execute(db);
      await sql`drop trigger if exists todo_items_fts_after_update`.execute(db);
      await sql`drop table if exists todo_items_fts`.execute(db);
    }
    await db.schema.dropTable('todo_subtasks').execute();
    await db.schema.dropTable('todo_items').execute();
    await db.schema.dropTable('todo_categories').execute();
    await db.schema.dropTable('todos').execute();
  },
};

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * Task text search, the same approach as notes (0004-notes.ts): SQLite FTS5 trigram over todo_items
 * (external content, kept in sync by triggers that fire only when the text changes), PostgreSQL a
 * pg_trgm GIN index on lower(text).
 */
async function createTaskSearchIndex(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    await sql`create virtual table todo_items_fts using fts5(
      text, content='todo_items', content_rowid='rowid', tokenize='trigram'
    )`.execute(db);
    await sql`insert into todo_items_fts(todo_items_fts, rank) values('automerge', 8)`.execute(db);
    await sql`create trigger todo_items_fts_after_insert after insert on todo_items begin
      insert into todo_items_fts(rowid, text) values (new.rowid, new.text);
    end`.execute(db);
    await sql`create trigger todo_items_fts_after_delete after delete on todo_items begin
      insert into todo_items_fts(todo_items_fts, rowid, text) values ('delete', old.rowid, old.text);
    end`.execute(db);
    // Completing, dating or moving a task leaves the index alone; only new text re-indexes.
    await sql`create trigger todo_items_fts_after_update after update of text on todo_items begin
      insert into todo_items_fts(todo_items_fts, rowid, text) values ('delete', old.rowid, old.text);
      insert into todo_items_fts(rowid, text) values (new.rowid, new.text);
    end`.execute(db);
    return;
  }
  await sql`create extension if not exists pg_trgm`.execute(db);
  // fastupdate off: a drag-and-drop rewrites the positions of a whole category's rows, and with the
  // default pending list every search then rescanned those entries (measured 26 ms -> 10 ms p50 after
  // 200 moves of 50 rows); the cost moves to the move itself, a few ms.
  await sql`create index todo_items_text_trgm_idx on todo_items using gin (lower(text) gin_trgm_ops) with (fastupdate = off)`.execute(
    db,
  );
}
