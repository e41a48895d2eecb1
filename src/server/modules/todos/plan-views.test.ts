import { randomUUID } from 'node:crypto';
import { type Compilable, CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upcomingEntries, upcomingPages } from '../../../shared/domain/upcoming-days.ts';
import type { PlanCountsResponse, TodayResponse, UpcomingResponse } from '../../../shared/schemas/plan.ts';
import type { Todo } from '../../../shared/schemas/todo.ts';
import type { Bool } from '../../db/schema.ts';
import type { TestDatabase } from '../../test/engines.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { expectError } from '../notes/notes-test-helpers.ts';
import { planCountsQuery, planPlacesQuery, planRowsByIdsQuery, planTasksQuery } from './plan-reads.ts';
import { newTodosApi, type TodosApi } from './todos-test-helpers.ts';

/** 20:00 UTC on 27 November: still the 27th in UTC, already 09:00 on the 28th in Auckland (UTC+13). */
const instant = new Date('2026-11-27T20:00:00.000Z');

async function planLines(database: TestDatabase, query: Compilable): Promise<string[]> {
  const compiled = query.compile();
  if (database.engine === 'sqlite') {
    const { rows } = await database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return rows.map((row) => row.detail);
  }
  // With scans priced out, a scan left in the plan means no index fits.
  return database.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
    );
    return rows.map((row) => row['QUERY PLAN']);
  });
}

/** `count` tasks of one category written straight into the table, 500 a statement. */
async function insertTasks(
  database: TestDatabase,
  place: { userId: string; todoId: string; categoryId: string },
  count: number,
  columns: (index: number) => { text: string; completed: Bool; due_date: string | null; position: number },
) {
  const at = instant.toISOString();
  const rows = Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    category_id: place.categoryId,
    todo_id: place.todoId,
    user_id: place.userId,
    priority: 'medium',
    created_at: at,
    updated_at: at,
    ...columns(index),
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await database.db
      .insertInto('todo_items')
      .values(rows.slice(start, start + 500))
      .execute();
  }
  return rows;
}

describe.each(testEngines)('the Today and Upcoming views on %s', (engine) => {
  let ctx: TestContext;
  let api: TodosApi;
  let other: TodosApi;
  let todo: Todo;

  const get = async <T>(who: TodosApi, url: string) => {
    const res = await who.request('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const setZone = async (who: TodosApi, timeZone: string) => {
    const res = await who.request('PUT', '/api/account/time-zone', { timeZone });
    expect(res.statusCode, res.body).toBe(200);
  };
  const texts = (tasks: Array<{ text: string }>) => tasks.map((task) => task.text);

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    ctx.clock.now = instant;
    api = await newTodosApi(ctx);
    other = await newTodosApi(ctx);
    await setZone(api, 'UTC');
    await setZone(other, 'UTC');
    todo = await api.createTodo({ title: 'Home' });
    const category = await api.createCategory(todo.id, { title: 'Chores' });
    const add = (text: string, extra: object = {}) =>
      api.createTask(todo.id, { categoryId: category.id, text, ...extra });
    await add('old overdue', { dueDate: '2026-11-20' });
    await add('recent overdue', { dueDate: '2026-11-25', dueTime: '08:00' });
    await add('today all day', { dueDate: '2026-11-27' });
    await add('today at 17', { dueDate: '2026-11-27', dueTime: '17:00' });
    await add('today at 9', { dueDate: '2026-11-27', dueTime: '09:00' });
    const done = await add('done today', { dueDate: '2026-11-27' });
    await api.request('PATCH', `/api/tasks/${done.id}`, { completed: true });
    await add('tomorrow', { dueDate: '2026-11-28' });
    await add('in two weeks', { dueDate: '2026-12-11' });
    await add('someday');
    const theirs = await other.createTodo({ title: 'Theirs' });
    await other.createTask(theirs.id, { text: 'their task today', dueDate: '2026-11-27' });
  });
  afterAll(() => ctx.close());

  it('lists overdue tasks newest first, then today’s: timed by time, then all day, with list and category', async () => {
    const today = await get<TodayResponse>(api, '/api/tasks/today');
    expect(today.today).toBe('2026-11-27');
    expect(texts(today.overdue)).toEqual(['recent overdue', 'old overdue']);
    expect(today.overdueTotal).toBe(2);
    expect(texts(today.dueToday)).toEqual(['today at 9', 'today at 17', 'today all day']);
    expect(today.dueToday[0]).toMatchObject({ todoId: todo.id, todoTitle: 'Home', categoryTitle: 'Chores' });
    expect(today.dueToday[0]).toMatchObject({ subtasksCompleted: 0, subtasksTotal: 0, labelIds: [] });
    expect(today.counts).toEqual({ today: 5, overdue: 2, upcoming: 4 });
  });

  it('never shows completed tasks, and a completion changes the counts', async () => {
    const today = await get<TodayResponse>(api, '/api/tasks/today');
    expect(texts([...today.overdue, ...today.dueToday])).not.toContain('done today');
    const first = today.overdue[0];
    await api.request('PATCH', `/api/tasks/${first?.id}`, { completed: true });
    const counts = await get<PlanCountsResponse>(api, '/api/tasks/plan-counts');
    expect(counts).toEqual({ today: '2026-11-27', counts: { today: 4, overdue: 1, upcoming: 4 } });
    await api.request('PATCH', `/api/tasks/${first?.id}`, { completed: false });
  });

  it('never shows another user’s tasks, nor counts them', async () => {
    const mine = await get<TodayResponse>(api, '/api/tasks/today');
    expect(texts(mine.dueToday)).not.toContain('their task today');
    const theirs = await get<TodayResponse>(other, '/api/tasks/today');
    expect(texts(theirs.dueToday)).toEqual(['their task today']);
    expect(theirs.overdue).toEqual([]);
    expect(theirs.counts).toEqual({ today: 1, overdue: 0, upcoming: 1 });
  });

  it('groups the next days by day, empty days included, in due order', async () => {
    const upcoming = await get<UpcomingResponse>(api, '/api/tasks/upcoming');
    expect(upcoming.days).toHaveLength(14);
    expect(upcoming.days[0]?.date).toBe('2026-11-27');
    expect(upcoming.days[13]?.date).toBe('2026-12-10');
    expect(texts(upcoming.days[0]?.tasks ?? [])).toEqual(['today at 9', 'today at 17', 'today all day']);
    expect(texts(upcoming.days[1]?.tasks ?? [])).toEqual(['tomorrow']);
    expect(upcoming.days.slice(2).every((day) => day.tasks.length === 0)).toBe(true);
    const all = upcoming.days.flatMap((day) => day.tasks);
    expect(texts(all)).not.toContain('old overdue');
    expect(texts(all)).not.toContain('in two weeks');
    const longer = await get<UpcomingResponse>(api, '/api/tasks/upcoming?days=15');
    expect(texts(longer.days[14]?.tasks ?? [])).toEqual(['in two weeks']);
  });

  it('pages the overdue tasks, newest due first, and counts them all; today’s come in full', async () => {
    const mine = await newTodosApi(ctx);
    await setZone(mine, 'UTC');
    const list = await mine.createTodo({ title: 'Backlog' });
    const category = await mine.createCategory(list.id, { title: 'Old' });
    const at = instant.toISOString();
    // 120 overdue tasks, one a day back from yesterday (task n is due n + 1 days ago), and one for today.
    const day = (back: number) => new Date(instant.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    const rows = Array.from({ length: 120 }, (_, n) => ({
      id: randomUUID(),
      category_id: category.id,
      todo_id: list.id,
      user_id: mine.userId,
      text: `late ${n}`,
      completed: 0 as Bool,
      priority: 'medium',
      due_date: day(n + 1),
      position: n,
      created_at: at,
      updated_at: at,
    }));
    await ctx.db.db.insertInto('todo_items').values(rows).execute();
    await mine.createTask(list.id, { categoryId: category.id, text: 'now', dueDate: '2026-11-27' });

    const pages: TodayResponse[] = [];
    for (const offset of [0, 50, 100]) {
      pages.push(await get<TodayResponse>(mine, `/api/tasks/today?overdueOffset=${offset}`));
    }
    expect(pages.map((page) => page.overdue.length)).toEqual([50, 50, 20]);
    expect(pages.map((page) => page.overdueTotal)).toEqual([120, 120, 120]);
    expect(pages.every((page) => texts(page.dueToday).join() === 'now')).toBe(true);
    const late = rows.map((row) => row.text);
    expect(pages.flatMap((page) => texts(page.overdue))).toEqual(late);
    expect(pages[0]?.counts).toMatchObject({ overdue: 120, today: 121 });
    const past = await get<TodayResponse>(mine, '/api/tasks/today?overdueOffset=500');
    expect(past.overdue).toEqual([]);
    expect(texts(past.dueToday)).toEqual(['now']);
    for (const offset of ['-1', '1.5', 'abc']) {
      expectError(
        await mine.request('GET', `/api/tasks/today?overdueOffset=${offset}`),
        400,
        'validation_failed',
      );
    }
  });

  it('refuses days outside 1 to 60', async () => {
    for (const days of ['0', '61', 'abc', '1.5', '-3']) {
      expectError(await api.request('GET', `/api/tasks/upcoming?days=${days}`), 400, 'validation_failed');
    }
    expect((await get<UpcomingResponse>(api, '/api/tasks/upcoming?days=1')).days).toHaveLength(1);
    expect((await get<UpcomingResponse>(api, '/api/tasks/upcoming?days=60')).days).toHaveLength(60);
  });

  it('shows a repeating task on each of its days in Upcoming, sent once, and once in Today', async () => {
    const mine = await newTodosApi(ctx);
    await setZone(mine, 'UTC');
    const list = await mine.createTodo({ title: 'Routines' });
    // Due Monday 23 November (overdue on Friday the 27th), every Monday and Thursday at 08:00.
    await mine.createTask(list.id, {
      text: 'gym',
      dueDate: '2026-11-23',
      dueTime: '08:00',
      repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO,TH', mode: 'fixed' },
    });
    await mine.createTask(list.id, { text: 'plain', dueDate: '2026-11-30', dueTime: '07:00' });
    const today = await get<TodayResponse>(mine, '/api/tasks/today');
    expect(texts(today.overdue)).toEqual(['gym']);
    const answer = await get<UpcomingResponse>(mine, '/api/tasks/upcoming?days=14');
    // The overdue task is sent once, beside the days; each day names it by id.
    expect(texts(answer.repeating)).toEqual(['gym']);
    const gym = answer.repeating[0]?.id;
    expect(answer.days.filter((day) => gym && day.later.includes(gym)).map((day) => day.date)).toEqual([
      '2026-11-30',
      '2026-12-03',
      '2026-12-07',
      '2026-12-10',
    ]);
    expect(answer.days.flatMap((day) => day.tasks).some((task) => task.id === gym)).toBe(false);
    // A repeating task due in the window is on its own day, and named by id on the later ones.
    const water = await mine.createTask(list.id, {
      text: 'water',
      dueDate: '2026-12-08',
      repeat: { rule: 'FREQ=DAILY', mode: 'fixed' },
    });
    const withWater = await get<UpcomingResponse>(mine, '/api/tasks/upcoming?days=14');
    expect(texts(withWater.repeating)).toEqual(['gym']);
    expect(
      withWater.days.filter((day) => day.tasks.some((task) => task.id === water.id)).map((d) => d.date),
    ).toEqual(['2026-12-08']);
    expect(withWater.days.filter((day) => day.later.includes(water.id)).map((day) => day.date)).toEqual([
      '2026-12-09',
      '2026-12-10',
    ]);
    // What the screen lists: a copy on each of those days.
    const upcoming = upcomingEntries(answer);
    const gymDays = upcoming.days.filter((day) => day.tasks.some((task) => task.text === 'gym'));
    expect(gymDays.map((day) => day.date)).toEqual(['2026-11-30', '2026-12-03', '2026-12-07', '2026-12-10']);
    const monday = upcoming.days.find((day) => day.date === '2026-11-30');
    // In due order beside the day's other tasks, the later occurrence marked as such.
    expect(monday?.tasks.map((task) => [task.text, task.dueTime, task.laterOccurrence ?? false])).toEqual([
      ['plain', '07:00', false],
      ['gym', '08:00', true],
    ]);
    // The counts are of tasks, not of occurrences.
    expect(upcoming.counts.overdue).toBe(1);
  });

  it('sends a busy fortnight a page of whole days at a time, each page naming only tasks it sends', async () => {
    const busy = await newTodosApi(ctx);
    await setZone(busy, 'UTC');
    const list = await busy.createTodo({ title: 'Busy' });
    // 61 entries on the 27th (60 tasks and the daily one), 31 on the 28th, 21 on the 29th: the first page
    // reaches 100 on the 29th and ends there.
    const daily = await busy.createTask(list.id, {
      text: 'daily',
      dueDate: '2026-11-25',
      repeat: { rule: 'FREQ=DAILY', mode: 'fixed' },
    });
    for (const [day, count] of [
      ['2026-11-27', 60],
      ['2026-11-28', 30],
      ['2026-11-29', 20],
      ['2026-12-01', 10],
    ] as const) {
      for (let n = 0; n < count; n++) await busy.createTask(list.id, { text: `${day} #${n}`, dueDate: day });
    }
    const first = await get<UpcomingResponse>(busy, '/api/tasks/upcoming');
    expect(first.days.map((day) => day.date)).toEqual(['2026-11-27', '2026-11-28', '2026-11-29']);
    expect(first.nextFrom).toBe('2026-11-30');
    expect(first.days.map((day) => [day.tasks.length, day.later])).toEqual([
      [60, [daily.id]],
      [30, [daily.id]],
      [20, [daily.id]],
    ]);
    expect(texts(first.repeating)).toEqual(['daily']);
    expect(first.counts).toEqual({ today: 61, overdue: 1, upcoming: 120 });

    const second = await get<UpcomingResponse>(busy, `/api/tasks/upcoming?from=${first.nextFrom}`);
    expect(second.days.map((day) => day.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
    ]);
    expect(second.nextFrom).toBeNull();
    // The daily task again: each page names only tasks it sends.
    expect(texts(second.repeating)).toEqual(['daily']);
    expect(second.days.every((day) => day.later.length === 1 && day.later[0] === daily.id)).toBe(true);
    expect(second.days[1]?.tasks).toHaveLength(10);

    // Together, what one answer of the whole fortnight would list: every day once, every task on its day.
    const screen = upcomingPages([first, second]);
    expect(screen?.more).toBe(false);
    expect(screen?.days.map((day) => day.date)).toEqual(first.days.concat(second.days).map((d) => d.date));
    expect(screen?.days.flatMap((day) => day.tasks).length).toBe(120 + 14);

    // A start already past is today; one past the window has no days; one that is no day is refused.
    expect(await get<UpcomingResponse>(busy, '/api/tasks/upcoming?from=2026-11-01')).toEqual(first);
    const beyond = await get<UpcomingResponse>(busy, '/api/tasks/upcoming?from=2026-12-11');
    expect([beyond.days, beyond.repeating, beyond.nextFrom]).toEqual([[], [], null]);
    for (const from of ['2026-02-30', 'tomorrow', '']) {
      expectError(await busy.request('GET', `/api/tasks/upcoming?from=${from}`), 400, 'validation_failed');
    }
  });

  it('reads "today" in the account’s time zone: Auckland is already on the 28th', async () => {
    await setZone(api, 'Pacific/Auckland');
    try {
      const today = await get<TodayResponse>(api, '/api/tasks/today');
      expect(today.today).toBe('2026-11-28');
      expect(texts(today.dueToday)).toEqual(['tomorrow']);
      expect(texts(today.overdue)).toEqual([
        'today at 9',
        'today at 17',
        'today all day',
        'recent overdue',
        'old overdue',
      ]);
      const upcoming = await get<UpcomingResponse>(api, '/api/tasks/upcoming?days=14');
      expect(upcoming.days[0]?.date).toBe('2026-11-28');
      expect(texts(upcoming.days[13]?.tasks ?? [])).toEqual(['in two weeks']);
    } finally {
      await setZone(api, 'UTC');
    }
  });

  /** An account of many tasks, few of them open with a date, with fresh statistics: the planner's real choice. */
  let seeded: Promise<void> | undefined;
  let bulk: TodosApi;
  const seedMany = () => {
    seeded ??= (async () => {
      // A user of its own, so the other tests see the same rows whatever order they run in.
      bulk = await newTodosApi(ctx);
      const list = await bulk.createTodo();
      const category = await bulk.createCategory(list.id);
      await insertTasks(
        ctx.db,
        { userId: bulk.userId, todoId: list.id, categoryId: category.id },
        3000,
        (index) => ({
          text: `bulk ${index}`,
          completed: (index % 10 === 0 ? 0 : 1) as Bool,
          due_date: index % 5 === 0 ? `2026-${String((index % 12) + 1).padStart(2, '0')}-15` : null,
          position: 100 + index,
        }),
      );
      await sql`analyze`.execute(ctx.db.db);
    })();
    return seeded;
  };

  it.each([
    ['Today', (me: string) => planTasksQuery(ctx.db.db, me, { through: '2026-11-27' })],
    [
      'Today’s overdue page',
      (me: string) => planTasksQuery(ctx.db.db, me, { through: '2026-11-26' }, true).limit(50).offset(50),
    ],
    [
      'Upcoming',
      (me: string) =>
        planPlacesQuery(ctx.db.db, me, { from: '2026-11-27', through: '2026-12-10', repeating: true }),
    ],
    ['the counts', (me: string) => planCountsQuery(ctx.db.db, me, '2026-11-27', '2026-12-10')],
  ])('reads %s through the plan index, never by scanning every task', async (_name, query) => {
    await seedMany();
    const plan = await planLines(ctx.db, query(bulk.userId));
    expect(
      plan.filter((line) => /^SCAN (todo_items|i)\b|Seq Scan on todo_items\b/.test(line.trim())),
    ).toEqual([]);
    expect(
      plan.some((line) => /todo_items_plan_idx/.test(line)),
      plan.join('\n'),
    ).toBe(true);
  });
});

// SQLite as the app runs it: no ANALYZE ever, so the planner goes by its defaults. Without statistics
// it read a page's rows by the user through todo_items_plan_idx, every task of the user for 170 of
// 10,000 (6 ms of a 12 ms page). PostgreSQL's choice here rests on its statistics, not on the query.
describe('Upcoming’s page rows on SQLite without statistics', () => {
  it('are read by primary key, not through every task of the user', async () => {
    const ctx = await buildTestApp('sqlite');
    try {
      const api = await newTodosApi(ctx);
      const list = await api.createTodo();
      const category = await api.createCategory(list.id);
      const rows = await insertTasks(
        ctx.db,
        { userId: api.userId, todoId: list.id, categoryId: category.id },
        2000,
        (index) => ({ text: `task ${index}`, completed: 0, due_date: '2026-11-27', position: index }),
      );
      const ids = rows.slice(0, 170).map((row) => row.id);
      const plan = await planLines(ctx.db, planRowsByIdsQuery(ctx.db.db, api.userId, ids));
      expect(
        plan.filter((line) => /todo_items_plan_idx|^SCAN (todo_items|i)\b/.test(line)),
        plan.join('\n'),
      ).toEqual([]);
      expect(
        plan.some((line) => /SEARCH i USING INDEX sqlite_autoindex_todo_items_1 \(id=\?\)/.test(line)),
        plan.join('\n'),
      ).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});
