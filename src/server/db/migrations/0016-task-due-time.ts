import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A task's wall-clock due time (`HH:MM`, null = all day) and its Markdown description, and the account's
 * IANA time zone that the time is read in (null until set: sign-up stores the browser's). All nullable
 * or defaulted, so the previous version keeps working during a rolling restart.
 */
export const taskDueTimeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('todo_items').addColumn('due_time', 'text').execute();
    await db.schema
      .alterTable('todo_items')
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('user_profiles').addColumn('time_zone', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('user_profiles').dropColumn('time_zone').execute();
    await db.schema.alterTable('todo_items').dropColumn('description').execute();
    await db.schema.alterTable('todo_items').dropColumn('due_time').execute();
  },
};
