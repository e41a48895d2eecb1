import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { newUserApi } from '../notes/notes-test-helpers.ts';
import { mergeTrigramPendingLists } from './trigram-pending-lists.ts';

const postgres = Boolean(process.env.TEST_DATABASE_URL);

/** The pages search would read for `pattern`: the predicate of notes-search.repo.ts's PostgreSQL branch. */
async function searchPlan(db: Db, userId: string, pattern: string): Promise<string> {
  const { rows } = await sql<{ 'QUERY PLAN': string }>`explain
    select id from notes
    where user_id = ${userId}
      and (lower(title) like lower(${pattern}) escape '\\' or lower(content) like lower(${pattern}) escape '\\')
    order by updated_at desc, id desc limit 50`.execute(db);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** Pending pages of an index (pgstattuple: the test database is created by a superuser). */
async function pendingPages(db: Db, index: string): Promise<number> {
  const { rows } = await sql<{ pending_pages: number }>`
    select pending_pages from pgstatginindex(${index}::regclass)`.execute(db);
  return Number(rows[0]?.pending_pages);
}

describe.runIf(postgres)('trigram pending lists on PostgreSQL', () => {
  describe('merging', () => {
    let database: TestDatabase;
    const userId = randomUUID();

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      const db = database.db;
      const at = new Date().toISOString();
      await sql`insert into users (id, email, password_hash, created_at, updated_at)
        values (${userId}, 'pending@example.com', 'x', ${at}, ${at})`.execute(db);
      await sql`insert into notebooks (id, user_id, title, color, position, created_at, updated_at)
        values ('nb', ${userId}, 'Notebook', '#3B82F6', 0, ${at}, ${at})`.execute(db);
      await sql`insert into sections (id, notebook_id, user_id, title, position, created_at, updated_at)
        values ('s', 'nb', ${userId}, 'Section', 0, ${at}, ${at})`.execute(db);
      // 2,000 pages of ~1.3 KB (kept in the table, not TOASTed) with many distinct trigrams, as typed text has.
      await sql`insert into notes
          (id, section_id, notebook_id, user_id, title, content, position, version, created_at, updated_at)
        select 'n' || i, 's', 'nb', ${userId}, 'Page ' || i,
          (select string_agg(md5(i || '-' || j), ' ') from generate_series(1, 40) j), i, 1, ${at}, ${at}
        from generate_series(1, 2000) i`.execute(db);
      // What autovacuum does after a bulk load: statistics, and an empty pending list to start from.
      await sql`vacuum analyze notes`.execute(db);
      await sql`create extension if not exists pgstattuple`.execute(db);
    });
    afterAll(() => database.dispose());

    it('merges what saves left pending, and search goes back to the trigram index', async () => {
      const db = database.db;
      // 100 saves of new text: their entries wait in the pending list (under GIN's 4 MB).
      await sql`update notes set content = (
          select string_agg(md5('saved-' || position || '-' || j), ' ') from generate_series(1, 40) j
        ), version = version + 1
        where position <= 100`.execute(db);
      expect(await pendingPages(db, 'notes_content_trgm_idx')).toBeGreaterThan(0);
      // The planner prices the pending list like random reads and prefers reading every page.
      expect(await searchPlan(db, userId, '%needle%')).toContain('Seq Scan');

      expect(await mergeTrigramPendingLists(db)).toBeGreaterThan(0);

      expect(await pendingPages(db, 'notes_content_trgm_idx')).toBe(0);
      const plan = await searchPlan(db, userId, '%needle%');
      expect(plan).toContain('notes_content_trgm_idx');
      expect(plan).not.toContain('Seq Scan');
      expect(await mergeTrigramPendingLists(db)).toBe(0);
    });
  });

  describe('in the app', () => {
    let ctx: TestContext;

    beforeAll(async () => {
      ctx = await buildTestApp('postgres');
      await sql`create extension if not exists pgstattuple`.execute(ctx.db.db);
    });
    afterAll(() => ctx.close());

    it('merges the pending entries of new pages in the background', async () => {
      const api = await newUserApi(ctx);
      const section = await api.createSection((await api.createNotebook()).id);
      for (let i = 0; i < 20; i++) {
        await api.createNote(section.id, { title: `Trip ${i}`, content: `packing list ${i} `.repeat(50) });
      }
      // GIN alone would keep them pending until 4 MB had gathered.
      await vi.waitFor(
        async () => {
          expect(await pendingPages(ctx.db.db, 'notes_title_trgm_idx')).toBe(0);
          expect(await pendingPages(ctx.db.db, 'notes_content_trgm_idx')).toBe(0);
        },
        { timeout: 10_000, interval: 200 },
      );
    });
  });
});
