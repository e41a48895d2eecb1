import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/database.ts';
import type { Fsync } from './db/group-commit.ts';
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
 * The app's wiring, one per app (createAppContext), so that who hears a task change, an account's
 * creation or deletion, who grants access and which jobs run is listed in app.ts rather than spread over
 * module-level tables. The types live here, not in the modules, so that deps.ts imports no module.
 */
export interface AppContext {
  hooks: {
    /** Run inside the change's transaction (lib/task-hooks.ts). */
    tasks: TaskHooks[];
    /** Run inside the sign-up's transaction (modules/auth/account-creation.ts). */
    accountCreated: AccountCreationStep[];
    /** Run inside the deletion's transaction (modules/auth/account-deletion.ts). */
    accountDeleting: AccountDeletionStep[];
  };
  /** Ways to have full access besides the trial (modules/entitlement/entitlement.ts). */
  entitlementSources: EntitlementSource[];
  jobs: {
    /** Job kind → its definition (jobs/queue.ts); the worker runs only these. */
    kinds: Map<string, RegisteredJob>;
    /** The app's worker once buildApp started it (jobs/worker.ts): wakeJobs and drainJobs reach it. */
    worker: { wake(): void; drain(): Promise<void> } | null;
  };
}

export function createAppContext(): AppContext {
  return {
    hooks: { tasks: [], accountCreated: [], accountDeleting: [] },
    entitlementSources: [],
    jobs: { kinds: new Map(), worker: null },
  };
}

/** Which tasks (todo_items rows) a change or delete covers: one task, a category's or a todo's. */
export type TaskScope = { column: 'id' | 'category_id' | 'todo_id'; value: string };

export interface TaskHooks {
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
  run(deps: AppDeps, payload: unknown, context: { log: FastifyBaseLogger; attempt: number }): Promise<void>;
}
