import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Durable background work (docs/ARCHITECTURE.md): a row per job, written in the same transaction as the change
 * that causes it (a transactional outbox), claimed by a worker with a lease, retried with backoff.
 */
export const jobsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('payload', 'text', (col) => col.notNull())
      // At most one job per key ever (periodic work claimed once across instances); null for most jobs.
      .addColumn('dedupe_key', 'text', (col) => col.unique())
      .addColumn('run_at', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (col) => col.notNull())
      .addColumn('locked_until', 'text')
      .addColumn('locked_by', 'text')
      .addColumn('last_error', 'text')
      // Finished jobs that carry a dedupe key stay (done_at) so the key keeps its promise; others go.
      .addColumn('done_at', 'text')
      // A job that used up its attempts stays for a person to look at.
      .addColumn('dead_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('jobs_ready_idx')
      .on('jobs')
      .columns(['done_at', 'dead_at', 'run_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('jobs').execute();
  },
};
