import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import type { Bool } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase, testEngines } from '../../test/engines.ts';
import { readTasks, type TaskSelection, tasksQuery } from './task-reads.ts';

const at = '2026-01-01T00:00:00.000Z';

async function addUser(db: Db, id: string): Promise<void> {
  await db
    .insertInto('users')
    .values({ id, email: `${id}@example.com`, password_hash: 'x', created_at: at, updated_at: at })
    .execute();
  await db
    .insertInto('todos')
    .values({
      id: `${id}-list`,
      user_id: id,
      title: 'List',
      color: '#3B82F6',
      position: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('todo_categories')
    .values({
      id: `${id}-cat`,
      todo_id: `${id}-list`,
      user_id: id,
      title: 'Cat',
      position: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

async function addTask(db: Db, userId: string, id: string, dueDate: string | null, completed: Bool = 0) {
  await db
    .insertInto('todo_items')
    .values({
      id,
      category_id: `${userId}-cat`,
      todo_id: `${userId}-list`,
      user_id: userId,
      text: `task ${id}`,
      completed,
      due_date: dueDate,
      priority: 'high',
      estimated_time: 30,
      position: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** The plan's lines for the read, on an engine that could scan the table but should not have to. */
async function planOf(database: TestDatabase, selection: TaskSelection): Promise<string[]> {
  const query = tasksQuery(database.db, 'me', selection).compile();
  if (database.engine === 'sqlite') {
    const { rows } = await database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => row.detail);
  }
  // A few rows are cheaper to scan than to look up: with scans priced out, a scan left means no index fits.
  return database.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => row['QUERY PLAN']);
  });
}

describe.each(testEngines)('the shared read of tasks on %s', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    await addUser(db, 'me');
    await addUser(db, 'other');
    await addTask(db, 'me', 't-late', '2026-03-02');
    await addTask(db, 'me', 't-early', '2026-03-01');
    await addTask(db, 'me', 't-done', '2026-02-01', 1);
    await addTask(db, 'me', 't-undated', null);
    await addTask(db, 'other', 't-theirs', '2026-01-15');
  });
  afterAll(() => database.dispose());

  it('reads tasks by id, the backup file fields in its order, and never another user’s', async () => {
    const rows = await readTasks(database.db, 'me', { ids: ['t-late', 't-theirs', 't-missing'] });
    expect(rows).toEqual([
      {
        id: 't-late',
        todo_id: 'me-list',
        category_id: 'me-cat',
        text: 'task t-late',
        completed: 0,
        due_date: '2026-03-02',
        priority: 'high',
        estimated_time: 30,
        position: 0,
        created_at: at,
        updated_at: at,
        due_time: null,
        description: '',
        repeat_rule: null,
        repeat_mode: null,
        repeat_start: null,
      },
    ]);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'id',
      'todo_id',
      'category_id',
      'text',
      'completed',
      'due_date',
      'priority',
      'estimated_time',
      'position',
      'created_at',
      'updated_at',
      'due_time',
      'description',
      'repeat_rule',
      'repeat_mode',
      'repeat_start',
    ]);
    expect(await readTasks(database.db, 'me', { ids: [] })).toEqual([]);
  });

  it('reads the dated tasks by due date, the completed ones only when asked', async () => {
    const ids = async (includeCompleted: boolean) =>
      (await readTasks(database.db, 'me', { dueDated: { includeCompleted } })).map((row) => row.id);
    expect(await ids(false)).toEqual(['t-early', 't-late']);
    expect(await ids(true)).toEqual(['t-done', 't-early', 't-late']);
  });

  it.each<[string, TaskSelection]>([
    ['one task', { ids: ['t-late'] }],
    ['a page of tasks', { ids: ['t-late', 't-early', 't-done'] }],
    ['the dated tasks', { dueDated: { includeCompleted: false } }],
    ['the dated tasks, completed included', { dueDated: { includeCompleted: true } }],
  ])('finds %s through an index, never by scanning every task', async (_name, selection) => {
    const plan = await planOf(database, selection);
    // SQLite: SEARCH is a lookup, SCAN (even USING INDEX) reads every row; PostgreSQL: a Seq Scan reads every row.
    expect(plan.filter((line) => /^SCAN todo_items\b|Seq Scan on todo_items\b/.test(line.trim()))).toEqual(
      [],
    );
    expect(plan.some((line) => /todo_items/.test(line) && /index/i.test(line))).toBe(true);
  });
});
