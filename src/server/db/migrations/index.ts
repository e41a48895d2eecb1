import type { Migration, MigrationProvider } from 'kysely/migration';
import { accountsMigration } from './0001-accounts.ts';
import { contactMigration } from './0002-contact.ts';
import { authTokensMigration } from './0003-auth-tokens.ts';
import { notesMigration } from './0004-notes.ts';
import { todosMigration } from './0005-todos.ts';
import { billingMigration } from './0006-billing.ts';
import { blogMigration } from './0007-blog.ts';
import { jobsMigration } from './0008-jobs.ts';
import { calendarFeedMigration } from './0009-calendar-feed.ts';
import { calendarSyncMigration } from './0010-calendar-sync.ts';
import { rateLimitsMigration } from './0011-rate-limits.ts';
import { taskSearchPendingListMigration } from './0012-task-search-pending-list.ts';
import { notesFtsAutomergeMigration } from './0013-notes-fts-automerge.ts';
import { billingOpenCheckoutMigration } from './0014-billing-open-checkout.ts';
import { labelsMigration } from './0015-labels.ts';
import { taskDueTimeMigration } from './0016-task-due-time.ts';
import { taskRecurrenceMigration } from './0017-task-recurrence.ts';
import { remindersMigration } from './0018-reminders.ts';
import { taskPlanIndexMigration } from './0019-task-plan-index.ts';
import { noteVersionsMigration } from './0021-note-versions.ts';
import { userEventsMigration } from './0022-user-events.ts';
import { idempotencyKeysMigration } from './0023-idempotency-keys.ts';
import { attachmentsMigration } from './0024-attachments.ts';
import { reauthenticationMigration } from './0025-reauthentication.ts';
import { newSignInMailMigration } from './0026-new-sign-in-mail.ts';
import { twoStepMigration } from './0027-two-step.ts';
import { passkeysMigration } from './0028-passkeys.ts';
import { attachmentStorageMigration } from './0029-attachment-storage.ts';

/**
 * The ordered list of migrations. Listed explicitly (not read from disk) so they run the same under
 * tsx, in tests and from any working directory. Names sort in the order they must run.
 */
const migrations: Record<string, Migration> = {
  '0001-accounts': accountsMigration,
  '0002-contact': contactMigration,
  '0003-auth-tokens': authTokensMigration,
  '0004-notes': notesMigration,
  '0005-todos': todosMigration,
  '0006-billing': billingMigration,
  '0007-blog': blogMigration,
  '0008-jobs': jobsMigration,
  '0009-calendar-feed': calendarFeedMigration,
  '0010-calendar-sync': calendarSyncMigration,
  '0011-rate-limits': rateLimitsMigration,
  '0012-task-search-pending-list': taskSearchPendingListMigration,
  '0013-notes-fts-automerge': notesFtsAutomergeMigration,
  '0014-billing-open-checkout': billingOpenCheckoutMigration,
  '0015-labels': labelsMigration,
  '0016-task-due-time': taskDueTimeMigration,
  '0018-reminders': remindersMigration,
  '0019-task-plan-index': taskPlanIndexMigration,
  '0017-task-recurrence': taskRecurrenceMigration,
  '0021-note-versions': noteVersionsMigration,
  '0022-user-events': userEventsMigration,
  '0023-idempotency-keys': idempotencyKeysMigration,
  '0024-attachments': attachmentsMigration,
  '0025-reauthentication': reauthenticationMigration,
  '0026-new-sign-in-mail': newSignInMailMigration,
  '0027-two-step': twoStepMigration,
  '0028-passkeys': passkeysMigration,
  '0029-attachment-storage': attachmentStorageMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
