import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Labels: an account's tags for tasks across lists, and which task has which. name_key is the name
 * lowercased by the server (the same rule on both engines; SQLite's lower() only knows ASCII), unique
 * per user. task_labels repeats user_id like every table, and goes with its task or its label.
 */
export const labelsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('labels')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('name_key', 'text', (col) => col.notNull())
      .addColumn('color', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    // The one name per account rule, and the user's labels by name.
    await db.schema
      .createIndex('labels_user_name_key_idx')
      .unique()
      .on('labels')
      .columns(['user_id', 'name_key'])
      .execute();

    await db.schema
      .createTable('task_labels')
      .addColumn('task_id', 'text', (col) => col.notNull().references('todo_items.id').onDelete('cascade'))
      .addColumn('label_id', 'text', (col) => col.notNull().references('labels.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('task_labels_pk', ['task_id', 'label_id'])
      .execute();
    // The primary key serves "labels of these tasks" and the cascade from tasks; this one "tasks of a
    // label" and the cascade from labels.
    await db.schema
      .createIndex('task_labels_label_idx')
      .on('task_labels')
      .columns(['label_id', 'task_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('task_labels').execute();
    await db.schema.dropTable('labels').execute();
  },
};
