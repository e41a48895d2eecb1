import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ContactSubmissionsTable } from '../../db/schema.ts';

export type NewContactSubmission = Insertable<ContactSubmissionsTable>;

export async function insertContactSubmission(db: Db, row: NewContactSubmission): Promise<void> {
  await db.insertInto('contact_submissions').values(row).execute();
}

export async function markContactSubmissionMailed(db: Db, id: string, mailedAt: string): Promise<void> {
  await db.updateTable('contact_submissions').set({ mailed_at: mailedAt }).where('id', '=', id).execute();
}
