import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backupArrays } from '../../../shared/domain/backup-format.ts';
import { messages } from '../../../shared/messages.ts';
import type { SearchResponse } from '../../../shared/schemas/search.ts';
import { type SessionCookies, signedInUser } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { apiFor } from '../notes/notes-test-helpers.ts';
import { todosApiFor } from '../todos/todos-test-helpers.ts';
import { backupRateLimits } from './backup.routes.ts';
import { importFaults } from './backup.service.ts';
import { warmImportWorker } from './backup-import-thread.ts';
import {
  type BackupFile,
  canonical,
  emptyFile,
  exportFile,
  exportRequest,
  exportTextWithoutTime,
  importFile,
  importRequest,
} from './backup-test-helpers.ts';

interface User {
  userId: string;
  cookies: SessionCookies;
}

/** Makes an account with two notebooks and two lists, through the real API. */
async function fillAccount(ctx: TestContext, user: User) {
  const notes = apiFor(ctx, user.userId, user.cookies);
  const todos = todosApiFor(ctx, user.userId, user.cookies);
  const work = await notes.createNotebook({ title: 'Work', color: '#EF4444' });
  const home = await notes.createNotebook({ title: 'Home' });
  const meetings = await notes.createSection(work.id, { title: 'Meetings' });
  await notes.createSection(work.id, { title: 'Ideas' });
  await notes.createSection(home.id, { title: 'Garden' });
  await notes.createNote(meetings.id, { title: 'Standup', content: 'quarterly zebra plans' });
  await notes.createNote(meetings.id, { title: 'Retro', content: 'went well' });
  const list = await todos.createTodo({ title: 'Errands' });
  const shop = await todos.createCategory(list.id, { title: 'Shop' });
  const task = await todos.createTask(list.id, { categoryId: shop.id, text: 'Buy aubergines' });
  await todos.request('PATCH', `/api/tasks/${task.id}`, {
    priority: 'high',
    dueDate: '2025-11-05',
    estimatedTime: 90,
  });
  await todos.addSubtask(task.id, 'Find the market');
  const done = await todos.addSubtask(task.id, 'Bring a bag');
  await todos.request('PATCH', `/api/subtasks/${done.id}`, { completed: true });
  await todos.createTodo({ title: 'Empty list' });
}

describe.each(testEngines)('backup export and import on %s', (engine) => {
  let ctx: TestContext;
  let alice: User;
  let bob: User;

  beforeAll(async () => {
    backupRateLimits.import.max = 1000;
    backupRateLimits.export.max = 1000;
    ctx = await buildTestApp(engine);
    // The import's worker thread starts here, not inside the first test's timeout.
    await warmImportWorker();
    alice = await signedInUser(ctx);
    bob = await signedInUser(ctx);
    await fillAccount(ctx, alice);
  });
  afterAll(() => ctx.close());
  afterEach(() => {
    importFaults.beforeInsert = undefined;
  });

  it('exports a named JSON attachment with the spec fields, arrays in order, rows by position', async () => {
    const res = await exportRequest(ctx, alice.cookies);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const file = JSON.parse(res.body) as BackupFile;
    expect(Object.keys(file)).toEqual([
      'version',
      'exportedAt',
      'userId',
      ...backupArrays,
      'defaultReminderMinutes',
    ]);
    expect(file.version).toBe('1.0.0');
    expect(file.userId).toBe(alice.userId);
    expect(Number.isNaN(Date.parse(file.exportedAt))).toBe(false);
    expect(file.notebooks.map((n) => n.title)).toEqual(['Work', 'Home']);
    expect(Object.keys(file.notebooks[0] ?? {})).toEqual([
      'id',
      'user_id',
      'title',
      'color',
      'position',
      'created_at',
      'updated_at',
    ]);
    expect(file.notebooks[0]).toMatchObject({ user_id: alice.userId, color: '#EF4444', position: 0 });
    expect(file.sections.map((s) => s.position)).toEqual([0, 0, 1]);
    expect(Object.keys(file.notes[0] ?? {})).toEqual([
      'id',
      'section_id',
      'notebook_id',
      'title',
      'content',
      'position',
      'created_at',
      'updated_at',
    ]);
    expect(file.notes.map((n) => n.title)).toEqual(['Standup', 'Retro']);
    expect(file.todoItems[0]).toMatchObject({
      text: 'Buy aubergines',
      completed: false,
      due_date: '2025-11-05',
      priority: 'high',
      estimated_time: 90,
    });
    expect(file.todoSubtasks.map((s) => [s.text, s.completed])).toEqual([
      ['Find the market', false],
      ['Bring a bag', true],
    ]);
    expect(file.calendarIntegrations).toEqual([]);
    expect(file.taskCalendarEvents).toEqual([]);
  });

  it("never shows one user another user's rows", async () => {
    const file = await exportFile(ctx, bob.cookies);
    expect(file.userId).toBe(bob.userId);
    for (const name of backupArrays) expect(file[name]).toEqual([]);
  });

  it('round trip: export, import into an empty account, export again gives the same content', async () => {
    const original = await exportFile(ctx, alice.cookies);
    const carol = await signedInUser(ctx);
    const result = await importFile(ctx, carol.cookies, original);
    expect(result).toEqual({
      dryRun: false,
      clearedExisting: false,
      counts: {
        notebooks: 2,
        sections: 3,
        notes: 2,
        todoLists: 2,
        categories: 1,
        todoItems: 1,
        subtasks: 2,
        calendarIntegrations: 0,
        calendarEvents: 0,
        labels: 0,
        taskLabels: 0,
        reminders: 0,
        files: 0,
      },
      skippedCount: 0,
      skipped: [],
    });
    const copy = await exportFile(ctx, carol.cookies);
    expect(canonical(copy)).toEqual(canonical(original));
    const oldIds = new Set(backupArrays.flatMap((name) => original[name].map((row) => row.id)));
    for (const name of backupArrays) for (const row of copy[name]) expect(oldIds.has(row.id)).toBe(false);
    expect(new Set(copy.notebooks.map((n) => n.user_id))).toEqual(new Set([carol.userId]));

    // Imported pages and tasks are searchable at once (SQLite's index catches up before answering).
    const search = async (q: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/search?q=${q}`,
        cookies: { ...carol.cookies },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as SearchResponse;
    };
    expect(JSON.stringify(await search('zebra'))).toContain('Standup');
    expect(JSON.stringify(await search('aubergine'))).toContain('Buy aubergines');
  });

  it('a dry run answers the same counts and writes nothing', async () => {
    const original = await exportFile(ctx, alice.cookies);
    const dave = await signedInUser(ctx);
    const before = await exportTextWithoutTime(ctx, dave.cookies);
    const preview = await importFile(ctx, dave.cookies, original, { dryRun: true, clearExisting: true });
    expect(preview.dryRun).toBe(true);
    expect(preview.clearedExisting).toBe(true);
    expect(await exportTextWithoutTime(ctx, dave.cookies)).toBe(before);
    const real = await importFile(ctx, dave.cookies, original, { clearExisting: true });
    expect({ ...real, dryRun: true }).toEqual(preview);
  });

  it('appends after existing data, or replaces it with clearExisting', async () => {
    const erin = await signedInUser(ctx);
    await apiFor(ctx, erin.userId, erin.cookies).createNotebook({ title: 'Mine' });
    const original = await exportFile(ctx, alice.cookies);
    await importFile(ctx, erin.cookies, original);
    let file = await exportFile(ctx, erin.cookies);
    expect(file.notebooks.map((n) => [n.title, n.position])).toEqual([
      ['Mine', 0],
      ['Work', 1],
      ['Home', 2],
    ]);
    await importFile(ctx, erin.cookies, original, { clearExisting: true });
    file = await exportFile(ctx, erin.cookies);
    expect(canonical(file)).toEqual(canonical(original));
  });

  it('all or nothing: a failure in the middle of a clearing import leaves the account byte for byte', async () => {
    const before = await exportTextWithoutTime(ctx, alice.cookies);
    const other = await exportFile(ctx, alice.cookies);
    for (const table of ['notes', 'todo_items', 'todo_subtasks'] as const) {
      importFaults.beforeInsert = (current) => {
        if (current === table) throw new Error(`injected failure before ${table}`);
      };
      const res = await importRequest(ctx, alice.cookies, other, { clearExisting: true });
      expect(res.statusCode).toBe(500);
      expect(await exportTextWithoutTime(ctx, alice.cookies)).toBe(before);
    }
  });

  it('all or nothing: a write failing after pages were written (a full disk, say) rolls it all back', async () => {
    const frank = await signedInUser(ctx);
    await fillAccount(ctx, frank);
    const before = await exportTextWithoutTime(ctx, frank.cookies);
    const file = await exportFile(ctx, alice.cookies);
    // The file passes every check, so only the write can fail: the fault fires after the account was
    // cleared and its notebooks, sections and pages re-inserted, before the first category.
    importFaults.beforeInsert = (table) => {
      if (table === 'todo_categories') throw new Error('disk full');
    };
    expect((await importRequest(ctx, frank.cookies, file, { clearExisting: true })).statusCode).toBe(500);
    expect(await exportTextWithoutTime(ctx, frank.cookies)).toBe(before);
  });

  it('skips sections and notes whose parent is missing, and says why', async () => {
    const file: BackupFile = {
      ...emptyFile(),
      // Children before parents in the file, and orphans of every level.
      notes: [
        { id: 'n1', section_id: 's1', title: 'Kept', content: 'x', position: 0 },
        { id: 'n2', section_id: 'nowhere', title: 'Orphan', content: 'x', position: 1 },
        { id: 'n3', section_id: 's2', title: 'Under an orphan section', content: 'x', position: 0 },
      ],
      sections: [
        { id: 's1', notebook_id: 'b1', title: 'S1', position: 0 },
        { id: 's2', notebook_id: 'gone', title: 'S2', position: 1 },
      ],
      notebooks: [{ id: 'b1', title: 'B1', position: 0 }],
      todoItems: [{ id: 'i1', category_id: 'gone', text: 'lost task' }],
      todoSubtasks: [{ id: 'st', todo_item_id: 'i1', text: 'lost subtask' }],
    };
    const gina = await signedInUser(ctx);
    const result = await importFile(ctx, gina.cookies, file);
    expect(result.counts).toMatchObject({ notebooks: 1, sections: 1, notes: 1, todoItems: 0, subtasks: 0 });
    expect(result.skippedCount).toBe(5);
    expect(result.skipped).toEqual([
      { array: 'sections', index: 1, reason: messages.backup.parentMissing('notebook') },
      { array: 'notes', index: 1, reason: messages.backup.parentMissing('section') },
      { array: 'notes', index: 2, reason: messages.backup.parentMissing('section') },
      { array: 'todoItems', index: 0, reason: messages.backup.parentMissing('category') },
      { array: 'todoSubtasks', index: 0, reason: messages.backup.parentMissing('task') },
    ]);
    const tree = await apiFor(ctx, gina.userId, gina.cookies).tree();
    expect(tree.notebooks[0]?.sections[0]?.notes.map((n) => n.title)).toEqual(['Kept']);
  });

  it("accepts the seed's format: user ids on every row, booleans, Postgres timestamps, extra fields", async () => {
    const at = '2024-03-01T10:30:00.123456+00:00';
    const seed = {
      version: '1.0.0',
      exportedAt: at,
      userId: 'a1b2',
      notebooks: [
        {
          id: 'nb',
          user_id: 'a1b2',
          title: 'Seed',
          color: '#10B981',
          position: 0,
          created_at: at,
          updated_at: at,
        },
      ],
      sections: [
        {
          id: 'se',
          notebook_id: 'nb',
          user_id: 'a1b2',
          title: 'Sec',
          position: 0,
          created_at: at,
          updated_at: at,
        },
      ],
      notes: [
        {
          id: 'no',
          section_id: 'se',
          notebook_id: 'nb',
          user_id: 'a1b2',
          title: 'Page',
          content: '<p>hi</p>',
          position: 0,
          created_at: at,
          updated_at: at,
        },
      ],
      todos: [
        {
          id: 'td',
          user_id: 'a1b2',
          title: 'List',
          color: '#14B8A6',
          position: 0,
          created_at: at,
          updated_at: at,
        },
      ],
      todoCategories: [
        { id: 'ca', todo_id: 'td', title: 'No Category', position: 0, created_at: at, updated_at: at },
      ],
      todoItems: [
        {
          id: 'it',
          todo_id: 'td',
          category_id: 'ca',
          text: 'Task',
          completed: true,
          due_date: '2024-03-05',
          priority: 'urgent',
          estimated_time: null,
          position: 0,
          created_at: at,
          updated_at: at,
          is_pinned: false,
        },
      ],
      todoSubtasks: [
        {
          id: 'su',
          todo_item_id: 'it',
          text: 'Sub',
          completed: true,
          position: 0,
          created_at: at,
          updated_at: at,
        },
      ],
      calendarIntegrations: [
        { id: 'ci', user_id: 'a1b2', provider: 'google', access_token: 'secret', is_active: true },
      ],
      taskCalendarEvents: [],
    };
    const hank = await signedInUser(ctx);
    const result = await importFile(ctx, hank.cookies, seed);
    expect(result.counts).toMatchObject({
      notebooks: 1,
      sections: 1,
      notes: 1,
      todoLists: 1,
      categories: 1,
      todoItems: 1,
      subtasks: 1,
    });
    expect(result.skipped).toEqual([
      { array: 'calendarIntegrations', index: 0, reason: messages.backup.calendarNotRestored },
    ]);
    const file = await exportFile(ctx, hank.cookies);
    expect(file.notes[0]).toMatchObject({
      title: 'Page',
      content: '<p>hi</p>',
      created_at: '2024-03-01T10:30:00.123Z',
    });
    expect(file.todoItems[0]).toMatchObject({ completed: true, priority: 'urgent', due_date: '2024-03-05' });
    expect(JSON.stringify(file)).not.toContain('secret');
  });

  it('limits export and import per user', async () => {
    backupRateLimits.export.max = 10;
    backupRateLimits.import.max = 20;
    try {
      const ivan = await signedInUser(ctx);
      for (let i = 0; i < 10; i++) expect((await exportRequest(ctx, ivan.cookies)).statusCode).toBe(200);
      const limited = await exportRequest(ctx, ivan.cookies);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: { code: 'rate_limited', message: messages.api.rateLimited } });
      for (let i = 0; i < 20; i++) {
        expect((await importRequest(ctx, ivan.cookies, emptyFile(), { dryRun: true })).statusCode).toBe(200);
      }
      expect((await importRequest(ctx, ivan.cookies, emptyFile(), { dryRun: true })).statusCode).toBe(429);
      // Someone else is not affected.
      expect((await exportRequest(ctx, bob.cookies)).statusCode).toBe(200);
    } finally {
      backupRateLimits.export.max = 1000;
      backupRateLimits.import.max = 1000;
    }
  });
});
