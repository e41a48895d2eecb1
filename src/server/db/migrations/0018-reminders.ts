import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Task reminders, the browsers' Web Push subscriptions and the account's default reminder for new tasks.
 * New tables and one nullable column, so the previous version keeps working during a rolling restart.
 */
export const remindersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('task_reminders')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('task_id', 'text', (col) => col.notNull().references('todo_items.id').onDelete('cascade'))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('offset_minutes', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('fire_at', 'text')
      .addColumn('fired_at', 'text')
      .addColumn('sent_via', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('task_reminders_task_idx')
      .on('task_reminders')
      .columns(['task_id'])
      .execute();
    await db.schema
      .createIndex('task_reminders_user_idx')
      .on('task_reminders')
      .columns(['user_id', 'task_id'])
      .execute();

    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('endpoint', 'text', (col) => col.notNull().unique())
      .addColumn('p256dh', 'text', (col) => col.notNull())
      .addColumn('auth', 'text', (col) => col.notNull())
      .addColumn('user_agent', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('last_success_at', 'text')
      .addColumn('last_failure_at', 'text')
      .addColumn('last_failure', 'text')
      .execute();
    await db.schema
      .createIndex('push_subscriptions_user_idx')
      .on('push_subscriptions')
      .columns(['user_id'])
      .execute();

    await db.schema.alterTable('user_profiles').addColumn('default_reminder_minutes', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('user_profiles').dropColumn('default_reminder_minutes').execute();
    await db.schema.dropTable('push_subscriptions').execute();
    await db.schema.dropTable('task_reminders').execute();
  },
};
