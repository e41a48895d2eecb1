import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Repeating tasks: the rule (a normalised RRULE), its mode and the day the series started (what COUNT
 * counts from), all null on a task that does not repeat, so the previous version keeps working during a
 * rolling restart. task_occurrences is each occurrence completed or skipped; one per task and day, so
 * two completions of the same occurrence (a double click, two tabs) cannot both be recorded.
 */
export const taskRecurrenceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('todo_items').addColumn('repeat_rule', 'text').execute();
    await db.schema.alterTable('todo_items').addColumn('repeat_mode', 'text').execute();
    await db.schema.alterTable('todo_items').addColumn('repeat_start', 'text').execute();
    await db.schema
      .createTable('task_occurrences')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('task_id', 'text', (col) => col.notNull().references('todo_items.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('occurrence_date', 'text', (col) => col.notNull())
      .addColumn('occurrence_time', 'text')
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('at', 'text', (col) => col.notNull())
      .execute();
    // The one-entry-per-occurrence rule, and a task's history by day (also the cascade from tasks).
    await db.schema
      .createIndex('task_occurrences_task_date_idx')
      .unique()
      .on('task_occurrences')
      .columns(['task_id', 'occurrence_date'])
      .execute();
    // An account's skipped occurrences, for its calendar feed's EXDATEs.
    await db.schema
      .createIndex('task_occurrences_user_idx')
      .on('task_occurrences')
      .columns(['user_id', 'task_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('task_occurrences').execute();
    await db.schema.alterTable('todo_items').dropColumn('repeat_start').execute();
    await db.schema.alterTable('todo_items').dropColumn('repeat_mode').execute();
    await db.schema.alterTable('todo_items').dropColumn('repeat_rule').execute();
  },
};
