import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UserProfilesTable } from '../../db/schema.ts';

export type ProfileRow = Selectable<UserProfilesTable>;

export async function insertProfile(db: Db, row: Insertable<UserProfilesTable>): Promise<void> {
  await db.insertInto('user_profiles').values(row).execute();
}

export function findProfile(db: Db, userId: string): Promise<ProfileRow | undefined> {
  return db.selectFrom('user_profiles').selectAll().where('id', '=', userId).executeTakeFirst();
}
