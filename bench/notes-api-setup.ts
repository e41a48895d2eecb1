import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Insertable, sql } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { createAppContext } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import {
  type DatabaseHandle,
  type DatabaseOptions,
  type DbEngine,
  migrateToLatest,
  openDatabase,
} from '../src/server/db/database.ts';
import type { NotebooksTable, NotesTable, SectionsTable } from '../src/server/db/schema.ts';
import { deriveSqliteKey } from '../src/server/db/sqlite-cipher.ts';
import type { AppDeps } from '../src/server/deps.ts';
import { createMailer } from '../src/server/mail/mailer.ts';
import { createSession } from '../src/server/modules/auth/sessions.service.ts';
import { indexAllQueuedNotes } from '../src/server/modules/search/search-index.ts';

/** The benchmark's workspace: 10 notebooks × 20 sections × 50 pages of about 2 KB (docs/performance.md). */
export const shape = { notebooks: 10, sections: 20, pages: 50, pageChars: 2000 } as const;
export type WorkspaceShape = { [K in keyof typeof shape]: number };
/** Put into every 100th page (1%), somewhere in its middle: the word the search benchmark looks for. */
export const rareWord = 'zephyrine';

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** How a child process opens the same database. */
  options: DatabaseOptions;
  dataDir: string;
  dispose(): Promise<void>;
}

/** The app's secret key in the benchmarks (benchDeps). */
const benchSecretKey = Buffer.alloc(32, 7);
/** The SQLite key of the benchmark's databases: derived, as the server does, from benchDeps' secret key. */
export const benchSqliteKey = deriveSqliteKey(benchSecretKey);

/**
 * A fresh, migrated database: a temp SQLite file, or a throwaway PostgreSQL database beside `adminUrl`.
 * SQLite is encrypted as in production unless `plainSqlite` (the notes benchmark's comparison pass).
 */
export async function openBenchDatabase(
  engine: DbEngine,
  adminUrl?: string,
  { plainSqlite = false }: { plainSqlite?: boolean } = {},
): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'jotlist-bench-'));
  if (engine === 'sqlite') {
    const options = { sqlitePath: join(dataDir, 'bench.db'), sqliteKey: plainSqlite ? null : benchSqliteKey };
    const handle = openDatabase(options);
    await migrateToLatest(handle.db);
    return {
      handle,
      options,
      dataDir,
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  if (!adminUrl) throw new Error('a PostgreSQL URL is needed');
  const name = `jotlist_bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const options = { databaseUrl: url.toString() };
  const handle = openDatabase(options);
  await migrateToLatest(handle.db);
  return {
    handle,
    options,
    dataDir,
    dispose: async () => {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** What buildApp needs, configured as production with logs off; mail goes to an outbox nobody reads. */
export function benchDeps(database: DatabaseHandle, dataDir: string): AppDeps {
  // A server process of the reminders benchmark is given the VAPID pair its siblings share.
  const vapid = {
    ...(process.env.VAPID_PUBLIC_KEY ? { VAPID_PUBLIC_KEY: process.env.VAPID_PUBLIC_KEY } : {}),
    ...(process.env.VAPID_PRIVATE_KEY ? { VAPID_PRIVATE_KEY: process.env.VAPID_PRIVATE_KEY } : {}),
  };
  // The pages benchmark's S3 server process is given the local bucket's settings.
  const s3 = Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('S3_')));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...vapid,
    ...s3,
  });
  const logger = pino({ level: 'silent' });
  const now = () => new Date();
  return {
    config,
    logger,
    database,
    mailer: createMailer({ outboxDir: join(dataDir, 'outbox'), from: config.MAIL_FROM, logger }),
    context: createAppContext({ database, logger, now }),
    secretKey: benchSecretKey,
    clientDir: null,
    now,
  };
}

/** A confirmed user in an active trial, written directly: the benchmark measures notes, not sign-up. */
export async function createBenchUser(deps: AppDeps): Promise<string> {
  const now = new Date();
  const userId = randomUUID();
  const at = now.toISOString();
  await deps.database.db
    .insertInto('users')
    .values({
      id: userId,
      email: `bench-${userId.slice(0, 8)}@example.com`,
      password_hash: 'not-a-hash',
      email_confirmed_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await deps.database.db
    .insertInto('user_profiles')
    .values({
      id: userId,
      is_trial: 1,
      account_status: 'trial',
      trial_end_date: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
      created_at: at,
      updated_at: at,
    })
    .execute();
  return userId;
}

/** A fresh access token for `Authorization: Bearer` (valid 15 minutes). */
export async function benchToken(deps: AppDeps, userId: string): Promise<string> {
  const session = await createSession(deps, userId, { rememberMe: true, userAgent: 'bench' });
  return session.accessToken;
}

/** Deterministic pseudo-random numbers, so every run seeds the same text. */
function mulberry32(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Word-like text (a 3,000-word vocabulary of 3–10 letters) so the trigram index sees varied input. */
function textMaker(seed: number) {
  const random = mulberry32(seed);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const vocabulary = Array.from({ length: 3000 }, () => {
    const length = 3 + Math.floor(random() * 8);
    return Array.from({ length }, () => letters[Math.floor(random() * 26)]).join('');
  });
  return (chars: number, insert?: string) => {
    const words: string[] = [];
    let length = 0;
    while (length < chars) {
      const word = vocabulary[Math.floor(random() * vocabulary.length)] ?? 'word';
      words.push(word);
      length += word.length + 1;
    }
    if (insert) words.splice(Math.floor(words.length / 2), 0, insert);
    return words.join(random() < 0.1 ? '\n' : ' ');
  };
}

export interface SeededWorkspace {
  sectionIds: string[];
  noteIds: string[];
  pages: number;
  bytes: number;
  seedMs: number;
  /** SQLite: building the search index for the seeded pages (queued by the insert, see migration 0004). */
  indexMs: number;
}

/** Inserts the whole workspace in one transaction and reports how long it took. */
export async function seedWorkspace(
  deps: AppDeps,
  userId: string,
  /** Sections per notebook, pages per section; the default is the 10,000-page account. */
  size: WorkspaceShape = shape,
): Promise<SeededWorkspace> {
  const text = textMaker(42);
  const at = new Date().toISOString();
  const notebooks: Array<Insertable<NotebooksTable>> = [];
  const sections: Array<Insertable<SectionsTable>> = [];
  const notes: Array<Insertable<NotesTable>> = [];
  let bytes = 0;
  for (let b = 0; b < size.notebooks; b++) {
    const notebook = { id: randomUUID(), user_id: userId, title: `Notebook ${b + 1}`, color: '#3B82F6' };
    notebooks.push({ ...notebook, position: b, created_at: at, updated_at: at });
    for (let s = 0; s < size.sections; s++) {
      const section = {
        id: randomUUID(),
        notebook_id: notebook.id,
        user_id: userId,
        title: `Section ${s + 1}`,
      };
      sections.push({ ...section, position: s, created_at: at, updated_at: at });
      for (let p = 0; p < size.pages; p++) {
        const content = text(size.pageChars, notes.length % 100 === 37 ? rareWord : undefined);
        bytes += content.length;
        notes.push({
          id: randomUUID(),
          section_id: section.id,
          notebook_id: notebook.id,
          user_id: userId,
          title: `Page ${p + 1} ${text(20)}`.slice(0, 60),
          content,
          position: p,
          version: 1,
          created_at: at,
          updated_at: at,
        });
      }
    }
  }

  const started = performance.now();
  await deps.database.db.transaction().execute(async (trx) => {
    await trx.insertInto('notebooks').values(notebooks).execute();
    await trx.insertInto('sections').values(sections).execute();
    for (let i = 0; i < notes.length; i += 500) {
      await trx
        .insertInto('notes')
        .values(notes.slice(i, i + 500))
        .execute();
    }
  });
  const seedMs = performance.now() - started;
  const indexing = performance.now();
  if (deps.database.engine === 'sqlite') await indexAllQueuedNotes(deps.database.db);
  const indexMs = performance.now() - indexing;
  // What autovacuum does within a minute of a bulk load: without statistics the PostgreSQL planner
  // takes the user_id index over the trigram index and search reads every page (measured: 150 ms).
  if (deps.database.engine === 'postgres') await sql`vacuum analyze`.execute(deps.database.db);
  return {
    sectionIds: sections.map((s) => s.id),
    noteIds: notes.map((n) => n.id),
    pages: notes.length,
    bytes,
    seedMs,
    indexMs,
  };
}
