import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/engines.ts';
import { indexQueuedNotes } from './search-index.ts';

/**
 * The SQLite indexer's batches, one level below the HTTP tests of search.test.ts: on a bare database,
 * so no background indexer takes the queue first.
 */
describe('the SQLite search indexer', () => {
  let database: TestDatabase;
  let sectionId: string;
  let notebookId: string;
  let userId: string;

  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
    const at = new Date().toISOString();
    userId = randomUUID();
    notebookId = randomUUID();
    sectionId = randomUUID();
    const { db } = database;
    await db
      .insertInto('users')
      .values({
        id: userId,
        email: `${userId}@example.com`,
        password_hash: 'x',
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('notebooks')
      .values({
        id: notebookId,
        user_id: userId,
        title: 'N',
        color: '#3B82F6',
        position: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('sections')
      .values({
        id: sectionId,
        notebook_id: notebookId,
        user_id: userId,
        title: 'S',
        position: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
  });
  afterEach(() => database.dispose());

  const addPage = async (position: number, content: string) => {
    const at = new Date().toISOString();
    await database.db
      .insertInto('notes')
      .values({
        id: randomUUID(),
        section_id: sectionId,
        notebook_id: notebookId,
        user_id: userId,
        title: `Page ${position}`,
        content,
        position,
        version: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
  };
  const queued = async () =>
    (await database.db.selectFrom('notes_search_queue').selectAll().execute()).length;

  it('merges the index b-trees 8 at a time (migration 0013)', async () => {
    const { rows } = await sql<{
      v: number;
    }>`select v from notes_fts_config where k = 'automerge'`.execute(database.db);
    expect(rows).toEqual([{ v: 8 }]);
  });

  it('indexes a batch in one transaction: a failed batch leaves its pages queued', async () => {
    await addPage(0, 'some text');
    expect(await indexQueuedNotes(database.db, 50)).toBe(1);
    expect(await queued()).toBe(0);

    await sql`drop table notes_fts`.execute(database.db);
    await addPage(1, 'more text');
    await expect(indexQueuedNotes(database.db, 50)).rejects.toThrow(/notes_fts/);
    // The failed batch was rolled back: its page is still queued.
    expect(await queued()).toBe(1);
  });
});
