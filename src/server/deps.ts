import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { InvalidationHub } from './cache/invalidation-hub.ts';
import type { LruCache } from './cache/lru-cache.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/database.ts';
import type { Fsync } from './db/group-commit.ts';
import type { UserProfilesTable } from './db/schema.ts';
import type { Mailer } from './mail/mailer.ts';

/** Everything buildApp needs from the outside world; tests pass their own (temp database, SMTP sink). */
export interface AppDeps {
  config: Config;
  logger: FastifyBaseLogger;
  database: DatabaseHandle;
  mailer: Mailer;
  secretKey: Buffer;
  /** Folder of the built SPA (dist/client); null serves the API only. */
  clientDir: string | null;
  /** Injectable clock so trial and expiry rules are testable. */
  now: () => Date;
  /** Flushes SQLite's log to disk for group commit (db/group-commit.ts); tests wrap node's to watch it. */
  walFsync?: Fsync;
  /** How long a request may take to arrive (plugins/http-errors.ts); tests shorten it. */
  requestTimeoutMs?: number;
  /** Who listens to what in this app: filled by buildApp (app.ts), read by the modules. */
  context: AppContext;
}

/**
 * The app's wiring and state, one per app (createAppContext in app.ts), so that who hears a task change,
 * an account's creation or deletion, who grants access, which jobs run and what the app holds in memory
 * is listed in app.ts rather than spread over module-level tables keyed by the deps. The types live here,
 * not in the modules, so that deps.ts imports no module (the modules import deps.ts: the other way round
 * would be a cycle); app.ts, which may import modules, builds the concrete objects, and they satisfy
 * these types.
 */
export interface AppContext {
  hooks: {
    /** Run inside the change's transaction (lib/task-hooks.ts). */
    tasks: TaskHooks[];
    /** Run inside the sign-up's transaction (modules/auth/account-creation.ts). */
    accountCreated: AccountCreationStep[];
    /** Run inside the deletion's transaction (modules/auth/account-deletion.ts). */
    accountDeleting: AccountDeletionStep[];
    /** Run inside the account time zone change's transaction (modules/auth/account.service.ts). */
    timeZoneChanged: TimeZoneChangeStep[];
  };
  /** Ways to have full access besides the trial (modules/entitlement/entitlement.ts). */
  entitlementSources: EntitlementSource[];
  jobs: {
    /** Job kind → its definition (jobs/queue.ts); the worker runs only these. */
    kinds: Map<string, RegisteredJob>;
    /** The app's worker once buildApp started it (jobs/worker.ts): wakeJobs and drainJobs reach it. */
    worker: { wake(): void; drain(): Promise<void> } | null;
  };
  /** This instance's caches, emptied on every instance by cluster/invalidation.ts. */
  invalidation: InvalidationHub;
  caches: {
    /** Access-token hash → the session it opens (modules/auth/session-cache.ts). */
    sessions: LruCache<string, CachedSession>;
    /** User id → profile row, for the read-only guard (modules/entitlement/profile-cache.ts). */
    profiles: LruCache<string, Selectable<UserProfilesTable>>;
  };
  /** Every abuse counter of the app: the auth limits and the per-route ones (cluster/rate-limit-store.ts). */
  rateLimits: RateLimitStore;
  /** The open live event streams of this instance (modules/live), woken when their user's events land. */
  live: LiveHub;
  /** Public blog views counted in memory, written in batches (modules/blog/blog-views.ts). */
  blogViews: BlogViewCounter;
}

/**
 * The live event streams one instance holds. An event is a row of `user_events`; whoever records one
 * wakes its user's streams here (this instance directly, the others through the PostgreSQL listener),
 * and each stream reads the rows after the last one it sent.
 */
export interface LiveHub {
  /** New events of `userId` were committed: its streams read them. */
  wake(userId: string): void;
  /** Events may have been missed (the listener reconnected): every stream reads what is new. */
  wakeAll(): void;
  /** Ends every stream (the app is closing: an open stream would keep the server from stopping). */
  closeAll(): void;
  /** How many streams are open (tests and the bench). */
  readonly size: number;
  add(stream: LiveStreamHandle): void;
  remove(stream: LiveStreamHandle): void;
}

/** What the hub needs of one open stream (modules/live/live-stream.ts). */
export interface LiveStreamHandle {
  readonly userId: string;
  readonly sessionId: string;
  /** Reads and sends the user's events after the last one sent. */
  pump(): void;
  /** Checks the session is still open and sends a comment line (keeps proxies from timing out). */
  heartbeat(): void;
  /** Ends the stream now. */
  end(): void;
}

/** Which tasks (todo_items rows) a change or delete covers: one task, a category's or a todo's. */
export type TaskScope = { column: 'id' | 'category_id' | 'todo_id'; value: string };

export interface TaskHooks {
  /** A task was just created (inside its transaction); optional: most listeners only hear changes. */
  created?(trx: Db, userId: string, taskId: string): Promise<boolean>;
  /** Their title, due date, estimate, priority, completion or subtasks changed. */
  changed(trx: Db, userId: string, scope: TaskScope): Promise<boolean>;
  /** They are about to be deleted (their rows, and rows cascading from them, are still there). */
  deleting(trx: Db, userId: string, scope: TaskScope): Promise<boolean>;
}

/**
 * A step adding to a new account, inside the sign-up's transaction: it receives the transaction, the new
 * user's id, the moment of creation and the time zone the person signed up in (UTC when unknown).
 */
export type AccountCreationStep = (trx: Db, userId: string, at: AccountCreationMoment) => Promise<void>;

export interface AccountCreationMoment {
  now: Date;
  /** An IANA zone this runtime knows (`Europe/Paris`), `UTC` when the browser gave none. */
  timeZone: string;
}

/** A step run inside an account deletion's transaction, before the user row goes. */
export type AccountDeletionStep = (trx: Db, userId: string) => Promise<void>;

/**
 * A step run inside the transaction that changed the account's time zone (due times are wall-clock
 * times in it); answers whether it enqueued jobs, which are woken after the commit.
 */
export type TimeZoneChangeStep = (trx: Db, userId: string) => Promise<boolean>;

export interface EntitlementSource {
  /** For logs and tests: 'subscription', ... */
  name: string;
  /** True when this source grants full access to the user right now. Must read fresh state. */
  grantsAccess(userId: string): Promise<boolean>;
}

/**
 * A job definition as the registry holds it (jobs/queue.ts `Job`); method syntax keeps a concrete job
 * assignable here (parameters are compared bivariantly).
 */
export interface RegisteredJob {
  kind: string;
  payload: z.ZodType;
  /** Jobs of this kind may run side by side within one claimed batch (jobs/queue.ts `concurrent`). */
  concurrent?: boolean;
  run(deps: AppDeps, payload: unknown, context: { log: FastifyBaseLogger; attempt: number }): Promise<void>;
}

/** Who a request speaks for, once its access token checked out (modules/auth/sessions.service.ts). */
export interface SessionIdentity {
  userId: string;
  email: string;
  sessionId: string;
}

export interface CachedSession {
  identity: SessionIdentity;
  /** The earliest of access_expires_at, idle_expires_at and absolute_expires_at (ISO, comparable as text). */
  expiresAt: string;
}

/** One attempt counted (or refused) under a key: the window's count and when the window ends. */
export interface Take {
  /** False when a cap was given and the key already held that many attempts: nothing was counted. */
  counted: boolean;
  count: number;
  /** When the key's window ends (epoch ms on the app's clock). */
  resetAt: number;
  /** `resetAt` minus now: what Retry-After and @fastify/rate-limit's ttl report. */
  ttlMs: number;
}

/**
 * Windowed counters shared by every instance (counters that limit abuse must not be multiplied by the
 * number of instances): a key's window starts at its first attempt and lasts `windowMs`.
 */
export interface RateLimitStore {
  /** Counts one attempt on `key`; with `cap`, refuses (counts nothing) when the key already holds `cap`. */
  take(key: string, windowMs: number, cap?: number): Promise<Take>;
  /** Gives back one attempt counted in the window that ends at `resetAt` (nothing once it ended). */
  giveBack(key: string, resetAt: number): Promise<void>;
  /** Forgets every attempt on `key`. */
  clear(key: string): Promise<void>;
  /** Deletes finished windows (the hourly cleanup job); answers how many. */
  sweep(): Promise<number>;
}

/** Who opened a post: never stored, only hashed with a secret salt (modules/blog/blog-views.ts). */
export interface Visitor {
  ip: string;
  userAgent: string;
}

export interface BlogViewCounter {
  /** Counts a view of a published post (once per visitor per period); its views, or undefined if none. */
  count(slug: string, visitor: Visitor): Promise<number | undefined>;
  /** Views of a post counted here and not yet in the database. */
  pendingFor(postId: string): number;
  /** Writes every waiting view now (a graceful stop does, before the database closes). */
  flush(): Promise<void>;
}
