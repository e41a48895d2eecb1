import type { Generated } from 'kysely';
import type { NoteVersionReason } from '../../shared/schemas/note-history.ts';

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
  /** Hash of the current access token; access tokens are short-lived and replaced on every refresh. */
  access_token_hash: string;
  access_expires_at: string;
  remember_me: Bool;
  idle_expires_at: string;
  absolute_expires_at: string;
  user_agent: string | null;
  created_at: string;
  last_used_at: string;
  /** When this session last confirmed the password (re-authentication); null until it does. */
  reauthenticated_at: string | null;
}

/** Every refresh token a session was given; rotated_at null marks the current one. */
export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  parent_token_hash: string | null;
  created_at: string;
  rotated_at: string | null;
}

/** Stored as text: a new kind needs no migration. `signin_link`: the one-time sign-in link (docs/PRODUCT.md §10.2). */
export type AuthTokenKind = 'email_confirmation' | 'password_reset' | 'email_change' | 'signin_link';

/** Single-use mailed tokens (stored hashed). */
export interface AuthTokensTable {
  id: string;
  user_id: string;
  kind: AuthTokenKind;
  token_hash: string;
  new_email: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** Two-step sign-in (migration 0027): the TOTP secret, sealed; enabled_at null while being set up. */
export interface UserTwoStepTable {
  user_id: string;
  secret_sealed: string;
  enabled_at: string | null;
  last_used_step: number | null;
  created_at: string;
}

/** Single-use recovery codes of two-step sign-in, stored hashed. */
export interface TwoStepRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A right password (or mailed link) waiting for its second step: a 5-minute, single-use token, hashed. */
export interface SecondStepChallengesTable {
  token_hash: string;
  user_id: string;
  remember_me: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface UserProfilesTable {
  id: string;
  is_trial: Bool;
  account_status: 'trial' | 'active' | 'expired';
  trial_end_date: string;
  /** The account's IANA time zone (a task's due time is wall-clock time there); null until known. */
  time_zone: string | null;
  /** A new task's reminder: minutes before its due time (0 = at it); null = none. */
  default_reminder_minutes: number | null;
  /** 1: a sign-in from a new device mails the account (Settings → Account can turn it off). */
  new_sign_in_mail: Generated<Bool>;
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

export interface NotebooksTable {
  id: string;
  user_id: string;
  title: string;
  color: string;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface SectionsTable {
  id: string;
  notebook_id: string;
  /** The notebook's owner, repeated so ownership is checked in each query without a join. */
  user_id: string;
  title: string;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface NotesTable {
  id: string;
  section_id: string;
  /** Always the section's notebook; moves update it in the same transaction. */
  notebook_id: string;
  user_id: string;
  title: string;
  content: string;
  position: number;
  /** Starts at 1 and grows by one per saved change of title or content (optimistic concurrency). */
  version: number;
  created_at: string;
  updated_at: string;
}

/** Page history: the full text of one version of a page (migration 0021, docs/PRODUCT.md). */
export interface NoteVersionsTable {
  id: string;
  user_id: string;
  note_id: string;
  reason: NoteVersionReason;
  /** The editing session whose saves this version holds; null for text kept before a restore or conflict. */
  session_id: string | null;
  title: string;
  content: string;
  /** Characters of content. */
  size: number;
  /** The page version the session's first save was based on; null for kept text. */
  base_version: number | null;
  /** The page version (notes.version) whose text this is; unique per page. */
  page_version: number;
  created_at: string;
  /** The last save coalesced into it. */
  saved_at: string;
}

export interface TodosTable {
  id: string;
  user_id: string;
  title: string;
  color: string;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface TodoCategoriesTable {
  id: string;
  todo_id: string;
  /** The todo's owner, repeated so ownership is checked in each query without a join. */
  user_id: string;
  title: string;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface TodoItemsTable {
  id: string;
  category_id: string;
  /** Always the category's todo; moves update it in the same transaction. */
  todo_id: string;
  user_id: string;
  text: string;
  completed: Bool;
  /** A calendar day 'YYYY-MM-DD', or null. */
  due_date: string | null;
  priority: string;
  /** Minutes; null when there is no estimate. */
  estimated_time: number | null;
  /** Wall-clock 'HH:MM' on due_date in the user's time zone; null = all day (always null without a date). */
  due_time: string | null;
  /** Markdown; '' when there is none. */
  description: Generated<string>;
  /** A normalised RRULE (shared/domain/repeat-rule.ts), or null: the task does not repeat. */
  repeat_rule: string | null;
  /** 'fixed' | 'afterCompletion'; null without a rule. */
  repeat_mode: string | null;
  /** The day the series started: COUNT counts from it. */
  repeat_start: string | null;
  position: number;
  created_at: string;
  updated_at: string;
}

/** A repeating task's completed or skipped occurrences; one per task and day. */
export interface TaskOccurrencesTable {
  id: string;
  task_id: string;
  user_id: string;
  occurrence_date: string;
  occurrence_time: string | null;
  /** 'completed' | 'skipped' */
  action: string;
  at: string;
}

export interface TodoSubtasksTable {
  id: string;
  todo_item_id: string;
  user_id: string;
  text: string;
  completed: Bool;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface LabelsTable {
  id: string;
  user_id: string;
  name: string;
  /** The name as compared: lowercased by the server, unique per user. */
  name_key: string;
  color: string;
  created_at: string;
  updated_at: string;
}

/** Which task has which label; the task's owner repeated, like every table. */
export interface TaskLabelsTable {
  task_id: string;
  label_id: string;
  user_id: string;
}

/**
 * SQLite only: pages whose search index entry is out of date (see migration 0004). indexed_title and
 * indexed_content are the text the FTS index holds for the page when indexed = 1.
 */
export interface NotesSearchQueueTable {
  note_rowid: number;
  indexed: Bool;
  indexed_title: string | null;
  indexed_content: string | null;
}

export interface BlogCategoriesTable {
  id: string;
  name: string;
}

export interface BlogPostsTable {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  /** Sanitized HTML (the server sanitizes on every save). */
  content: string;
  featured_image: string | null;
  category_id: string | null;
  status: 'draft' | 'published';
  /** A JSON array of strings. */
  tags: string;
  /** Minutes, at least 1. */
  reading_time: number;
  meta_title: string;
  meta_description: string;
  /** Null for drafts. */
  published_at: string | null;
  views: number;
  created_at: string;
  updated_at: string;
  author_id: string | null;
}

/** The Stripe customer of a user (one per user, reused for every checkout). */
export interface BillingCustomersTable {
  user_id: string;
  stripe_customer_id: string;
  created_at: string;
  /** The checkout session this user may still pay; a newer checkout expires it (0014). */
  open_checkout_session_id: string | null;
}

/** A subscription as Stripe last reported it; keyed by Stripe's id so any event upserts the one row. */
export interface BillingSubscriptionsTable {
  stripe_subscription_id: string;
  user_id: string;
  stripe_customer_id: string;
  status: string;
  /** ISO 8601 UTC (Stripe's epoch seconds, converted). */
  current_period_end: string;
  cancel_at_period_end: Bool;
  price_id: string;
  payment_method_brand: string | null;
  payment_method_last4: string | null;
  /** When this state was read from Stripe; older reads never overwrite newer ones. */
  synced_at: string;
  /** When the subscription first became active (its confirmation mail was sent then); null before. */
  activated_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Stripe event ids already handled (written in the same transaction as the event's effect). */
export interface BillingEventsTable {
  event_id: string;
  type: string;
  processed_at: string;
}

/** Built-in test mode: Stripe-shaped objects stored as JSON text. */
export interface BillingTestObjectsTable {
  id: string;
  kind: 'checkout_session' | 'subscription';
  user_id: string;
  data: string;
  created_at: string;
  updated_at: string;
}

/** Durable background work (src/server/jobs/). Timestamps ISO text like every other table. */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON. */
  payload: string;
  dedupe_key: string | null;
  run_at: string;
  attempts: number;
  max_attempts: number;
  locked_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  done_at: string | null;
  dead_at: string | null;
  created_at: string;
}

/** One row, id 1 (absent until the first blog write): the public blog's current version. */
export interface BlogStateTable {
  id: number;
  version: string;
}

/** Rate-limit counters shared by every instance on PostgreSQL (migration 0011, cluster/rate-limit-store.ts). */
/** A change a user made, kept an hour for the live stream's catch-up (migration 0022, modules/live). */
export interface UserEventsTable {
  id: Generated<number>;
  user_id: string;
  /** The event as JSON (shared/schemas/live.ts `liveChange`): ids, versions, times; never user text. */
  payload: string;
  created_at: string;
}

/** A write's idempotency key and, once answered, its answer (migration 0023, plugins/idempotency-keys.ts). */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  method: string;
  /** The request's URL (path and query). */
  path: string;
  /** SHA-256 of the request's JSON body, hex. */
  body_hash: string;
  /** Null while the first request with the key runs. */
  status: number | null;
  content_type: string | null;
  response: string | null;
  created_at: string;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  /** When the key's current window ends (ISO). */
  reset_at: string;
}

/** The private calendar feed (migration 0009): one row per user while the feed is on. */
export interface CalendarFeedsTable {
  id: string;
  user_id: string;
  /** SHA-256 (hex) of the URL's token: the public lookup. */
  token_hash: string;
  /** The token sealed under SECRET_KEY, so the owner can copy the URL again. */
  token_sealed: string;
  include_completed: Bool;
  created_at: string;
  updated_at: string;
}

/** A connected calendar (migration 0010). Every secret is in credentials_sealed (never returned). */
export interface CalendarIntegrationsTable {
  id: string;
  user_id: string;
  provider: 'google' | 'outlook' | 'caldav';
  calendar_id: string | null;
  calendar_name: string | null;
  account_label: string | null;
  is_active: Bool;
  status: 'connected' | 'reconnect';
  /** JSON of the provider's credentials, sealed with AES-256-GCM under SECRET_KEY. */
  credentials_sealed: string;
  /** Grows by one per credentials write: token refreshes compare-and-set on it. */
  credentials_version: number;
  token_expires_at: string | null;
  /** IANA zone the events are written in. */
  time_zone: string;
  created_at: string;
  updated_at: string;
}

/** A task's event on one connected calendar (migration 0010). */
export interface TaskCalendarEventsTable {
  id: string;
  user_id: string;
  todo_item_id: string;
  integration_id: string;
  event_id: string;
  event_url: string | null;
  etag: string | null;
  sync_status: 'synced' | 'pending' | 'failed';
  last_synced_at: string | null;
  error: string | null;
  /** Counts the task's changes; a push is "synced" only if no change came in meanwhile. */
  version: number;
  /** 1 while a propagation job for this row waits or runs (bursts of edits coalesce into it). */
  job_queued: Bool;
  created_at: string;
  updated_at: string;
}

/** While a row exists and `until` is ahead, one request or instance is refreshing that token. */
export interface CalendarRefreshLeasesTable {
  integration_id: string;
  until: string;
}

/** An OAuth connection under way (migration 0010): single use, found by the state's hash. */
export interface OAuthStatesTable {
  id: string;
  state_hash: string;
  user_id: string;
  provider: 'google' | 'outlook';
  verifier_sealed: string;
  time_zone: string;
  expires_at: string;
  created_at: string;
}

export type ReminderKind = 'atDue' | 'before' | 'snooze';

export interface TaskRemindersTable {
  id: string;
  user_id: string;
  task_id: string;
  /** `atDue` and `before` follow the task's due date; `snooze` is a one-off instant. */
  kind: ReminderKind;
  /** Minutes before the due instant (`before`); 0 otherwise. */
  offset_minutes: number;
  /** The UTC instant it fires (ISO); null while the task has no due date or is completed. */
  fire_at: string | null;
  /** When the worker sent it for this fire_at (ISO); null until then, reset when fire_at moves. */
  fired_at: string | null;
  /** How it reached the person: `push`, `email`, or `none` (the task was done meanwhile). */
  sent_via: string | null;
  created_at: string;
}

export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  /** The push service's URL for one browser; unique across accounts (re-subscribing moves it). */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), to encrypt payloads for it. */
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: string;
  last_success_at: string | null;
  last_failure_at: string | null;
  last_failure: string | null;
}

/** A file or image in a page (modules/attachments); its bytes are in attachment_chunks. */
export interface AttachmentsTable {
  id: string;
  user_id: string;
  name: string;
  type: string;
  /** Bytes; bigint on PostgreSQL, so read through Number(). */
  size: number | string;
  /** 0 while the upload is still arriving (served to nobody). */
  complete: Bool;
  created_at: string;
  /** When the sweep first found nothing naming the file; it goes a grace period later. */
  unreferenced_since: string | null;
  /** Where the bytes are: the chunk table or the S3 bucket (0029). */
  storage: Generated<AttachmentStorage>;
  /** Set on an image's resized preview: the image's id. */
  preview_of: string | null;
}

export type AttachmentStorage = 'database' | 's3';

export interface AttachmentChunksTable {
  attachment_id: string;
  seq: number;
  data: Uint8Array;
}

/** A registered passkey (WebAuthn credential) of an account (docs/accounts.md). */
export interface PasskeysTable {
  id: string;
  user_id: string;
  /** base64url. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter; bigint on PostgreSQL, so read through Number(). */
  counter: number | string;
  /** JSON array of transport names. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export type WebauthnChallengePurpose = 'register' | 'signin' | 'reauth';

/** A WebAuthn challenge handed out and not yet answered; spent by its first answer. */
export interface WebauthnChallengesTable {
  challenge: string;
  purpose: WebauthnChallengePurpose;
  user_id: string | null;
  expires_at: string;
}

export interface Database {
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  jobs: JobsTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  auth_tokens: AuthTokensTable;
  user_two_step: UserTwoStepTable;
  two_step_recovery_codes: TwoStepRecoveryCodesTable;
  second_step_challenges: SecondStepChallengesTable;
  user_profiles: UserProfilesTable;
  contact_submissions: ContactSubmissionsTable;
  billing_customers: BillingCustomersTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_events: BillingEventsTable;
  billing_test_objects: BillingTestObjectsTable;
  notebooks: NotebooksTable;
  sections: SectionsTable;
  notes: NotesTable;
  notes_search_queue: NotesSearchQueueTable;
  note_versions: NoteVersionsTable;
  todos: TodosTable;
  todo_categories: TodoCategoriesTable;
  todo_items: TodoItemsTable;
  todo_subtasks: TodoSubtasksTable;
  task_occurrences: TaskOccurrencesTable;
  labels: LabelsTable;
  task_labels: TaskLabelsTable;
  blog_categories: BlogCategoriesTable;
  blog_posts: BlogPostsTable;
  blog_state: BlogStateTable;
  calendar_feeds: CalendarFeedsTable;
  rate_limits: RateLimitsTable;
  calendar_integrations: CalendarIntegrationsTable;
  task_calendar_events: TaskCalendarEventsTable;
  oauth_states: OAuthStatesTable;
  calendar_refresh_leases: CalendarRefreshLeasesTable;
  task_reminders: TaskRemindersTable;
  push_subscriptions: PushSubscriptionsTable;
  user_events: UserEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  attachments: AttachmentsTable;
  attachment_chunks: AttachmentChunksTable;
}
