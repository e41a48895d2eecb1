import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Calendar sync (docs/calendar-sync.md): connected calendars, each task's event on them, and the OAuth states of
 * connections under way.
 *
 * - calendar_integrations: one connected calendar. Every secret (OAuth access and refresh tokens, a
 *   CalDAV server URL, user name and app password) is one JSON object sealed with AES-256-GCM under
 *   SECRET_KEY in `credentials_sealed`; nothing else in the row is secret. `credentials_version` grows by
 *   one on every write of the credentials, so a token refresh persists only when nobody refreshed first
 *   (compare-and-set: a refresh racing another never stores an invalidated token), and
 *   a `calendar_refresh_leases` row lets one refresh run at a time (others wait for its token). `time_zone`
 *   is the IANA zone the user's events are written in (the browser's, sent on connect and on sync).
 * - task_calendar_events: a task's event on one calendar. `version` counts the task's changes, and
 *   `job_queued` says a propagation job is already waiting, so a burst of edits makes one job that pushes
 *   the latest state (calendar-sync/propagation.ts).
 * - oauth_states: a connection under way, found by the SHA-256 of its `state`, bound to the user,
 *   deleted when used (single use), with the PKCE verifier sealed.
 */
export const calendarSyncMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('calendar_integrations')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('calendar_id', 'text')
      .addColumn('calendar_name', 'text')
      .addColumn('account_label', 'text')
      .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('connected'))
      .addColumn('credentials_sealed', 'text', (col) => col.notNull())
      .addColumn('credentials_version', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('token_expires_at', 'text')
      .addColumn('time_zone', 'text', (col) => col.notNull().defaultTo('UTC'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('calendar_integrations_user_idx')
      .on('calendar_integrations')
      .columns(['user_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('task_calendar_events')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('todo_item_id', 'text', (col) =>
        col.notNull().references('todo_items.id').onDelete('cascade'),
      )
      .addColumn('integration_id', 'text', (col) =>
        col.notNull().references('calendar_integrations.id').onDelete('cascade'),
      )
      .addColumn('event_id', 'text', (col) => col.notNull())
      .addColumn('event_url', 'text')
      .addColumn('etag', 'text')
      .addColumn('sync_status', 'text', (col) => col.notNull())
      .addColumn('last_synced_at', 'text')
      .addColumn('error', 'text')
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('job_queued', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addUniqueConstraint('task_calendar_events_task_integration_key', ['todo_item_id', 'integration_id'])
      .execute();
    await db.schema
      .createIndex('task_calendar_events_integration_idx')
      .on('task_calendar_events')
      .column('integration_id')
      .execute();
    await db.schema
      .createIndex('task_calendar_events_user_idx')
      .on('task_calendar_events')
      .column('user_id')
      .execute();

    // One refresh of an integration's token at a time, across requests and instances (credentials.ts).
    await db.schema
      .createTable('calendar_refresh_leases')
      .addColumn('integration_id', 'text', (col) =>
        col.primaryKey().references('calendar_integrations.id').onDelete('cascade'),
      )
      .addColumn('until', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('oauth_states')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('state_hash', 'text', (col) => col.notNull().unique())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('verifier_sealed', 'text', (col) => col.notNull())
      .addColumn('time_zone', 'text', (col) => col.notNull().defaultTo('UTC'))
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('oauth_states_expires_idx').on('oauth_states').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('oauth_states').execute();
    await db.schema.dropTable('calendar_refresh_leases').execute();
    await db.schema.dropTable('task_calendar_events').execute();
    await db.schema.dropTable('calendar_integrations').execute();
  },
};
