/**
 * Kysely table types. Ids are UUID strings and timestamps ISO-8601 UTC strings made by the application,
 * so both engines store and return the same values. Booleans are stored as 0/1 integers: better-sqlite3
 * cannot bind JS booleans, and one representation keeps every query identical on both engines.
 */
export type Bool = 0 | 1;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  email_confirmed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** Hash of the current access token; access tokens are short-lived and rotated with the refresh token. */
  access_token_hash: string;
  access_expires_at: string;
  refresh_token_hash: string;
  /** The refresh token this one replaced; reuse of it within a short grace period is tolerated. */
  previous_refresh_token_hash: string | null;
  rotated_at: string | null;
  remember_me: Bool;
  idle_expires_at: string;
  absolute_expires_at: string;
  user_agent: string | null;
  created_at: string;
  last_used_at: string;
}

export interface UserProfilesTable {
  id: string;
  is_trial: Bool;
  account_status: 'trial' | 'active' | 'expired';
  trial_end_date: string;
  created_at: string;
  updated_at: string;
}

export interface ContactSubmissionsTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  ip: string | null;
  created_at: string;
  /** When the mail to SUPPORT_EMAIL went out; null if sending failed. */
  mailed_at: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  user_profiles: UserProfilesTable;
  contact_submissions: ContactSubmissionsTable;
}
