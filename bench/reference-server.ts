import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import type { DatabaseOptions } from '../src/server/db/database.ts';
import { openSqliteFile, type SqliteKey } from '../src/server/db/sqlite-cipher.ts';

/**
 * The ceiling the notes API is compared against: bare Fastify on the same database doing the same two
 * things (list a section's pages; create a page at the end of a section) with no sessions, no
 * ownership, no validation, no read-only check. Same durability as the app: WAL, synchronous=FULL.
 * Plain parameterised queries, as the app sends (no named prepared statements on PostgreSQL).
 */

const listSql = 'select id, title, position, updated_at from notes where section_id = ? order by position';
// One statement: the section supplies notebook and owner, the position goes after the last page.
const insertSql = `insert into notes
  (id, section_id, notebook_id, user_id, title, content, position, version, created_at, updated_at)
  select ?, s.id, s.notebook_id, s.user_id, 'Untitled Note', '',
    coalesce((select max(position) + 1 from notes where user_id = s.user_id and section_id = s.id), 0), 1, ?, ?
  from sections s where s.id = ?`;

interface Store {
  list(sectionId: string): Promise<unknown[]>;
  create(sectionId: string): Promise<string>;
  close(): Promise<void>;
}

function sqliteStore(path: string, key: SqliteKey | null): Store {
  // Keyed like the app's connection, so the comparison is like for like on an encrypted file too.
  const db = openSqliteFile(path, key);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const list = db.prepare(listSql);
  const insert = db.prepare(insertSql);
  return {
    list: async (sectionId) => list.all(sectionId),
    create: async (sectionId) => {
      const id = randomUUID();
      const at = new Date().toISOString();
      insert.run(id, at, at, sectionId);
      return id;
    },
    close: async () => {
      db.close();
    },
  };
}

function postgresStore(url: string): Store {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const numbered = (text: string) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  };
  const list = numbered(listSql);
  const insert = numbered(insertSql);
  return {
    list: async (sectionId) => (await pool.query(list, [sectionId])).rows,
    create: async (sectionId) => {
      const id = randomUUID();
      const at = new Date().toISOString();
      await pool.query(insert, [id, at, at, sectionId]);
      return id;
    },
    close: () => pool.end(),
  };
}

/** Starts the reference server on 127.0.0.1 (a free port); answers its port and a stop function. */
export async function startReferenceServer(options: DatabaseOptions) {
  const store =
    'databaseUrl' in options
      ? postgresStore(options.databaseUrl)
      : sqliteStore(options.sqlitePath, options.sqliteKey);
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/sections/:id/notes', async (request) => ({
    notes: await store.list(request.params.id),
  }));
  app.post<{ Body: { sectionId: string } }>('/notes', async (request, reply) => {
    const id = await store.create(request.body.sectionId);
    return reply.code(201).send({ id });
  });
  app.addHook('onClose', () => store.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { port: address.port, stop: () => app.close() };
}
