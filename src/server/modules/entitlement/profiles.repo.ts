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

/** The account's IANA time zone (already validated). False when the user has no profile. */
export async function setProfileTimeZone(
  db: Db,
  userId: string,
  timeZone: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('user_profiles')
    .set({ time_zone: timeZone, updated_at: at })
    .where('id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The zone a user's due times are read in: their profile's, UTC while it is unknown. */
export async function profileTimeZone(db: Db, userId: string): Promise<string> {
  const row = await db
    .selectFrom('user_profiles')
    .select('time_zone')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.time_zone ?? 'UTC';
}
