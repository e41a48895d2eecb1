import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The Today and Upcoming views read a user's open tasks by due date: this index finds exactly those
 * (user, open, a range of days) instead of reading every task of the user.
 */
export const taskPlanIndexMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('todo_items_plan_idx')
      .on('todo_items')
      .columns(['user_id', 'completed', 'due_date'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('todo_items_plan_idx').execute();
  },
};
