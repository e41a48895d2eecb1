import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { putReminders, remindersOf, reminderUser } from '../reminders/reminders-test-helpers.ts';
import { backupRateLimits } from './backup.routes.ts';
import { type BackupFile, emptyFile, exportFile, importFile, importRequest } from './backup-test-helpers.ts';

const at = '2026-11-01T10:00:00.000Z';

/** A file with one task due 1 July 2030 at 14:30, and the given reminder rows for it. */
function fileWith(reminders: Array<Record<string, unknown>> | undefined): BackupFile {
  const file: BackupFile = {
    ...emptyFile(),
    todos: [{ id: 't', title: 'List', position: 0, created_at: at, updated_at: at }],
    todoCategories: [{ id: 'c', todo_id: 't', title: 'Home', position: 0, created_at: at, updated_at: at }],
    todoItems: [
      {
        id: 'i',
        todo_id: 't',
        category_id: 'c',
        text: 'Call the landlord',
        completed: false,
        due_date: '2030-07-01',
        due_time: '14:30',
        priority: 'medium',
        position: 0,
        created_at: at,
        updated_at: at,
      },
    ],
    taskReminders: reminders ?? [],
  };
  if (!reminders) delete (file as Partial<BackupFile>).taskReminders;
  return file;
}

describe.each(testEngines)("a task's reminders in a backup on %s", (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    backupRateLimits.import.max = 10_000;
    backupRateLimits.export.max = 10_000;
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  /** The id of the user's task with this text (an import gives its tasks new ids). */
  const taskIdOf = async (userId: string, text: string) => {
    const row = await ctx.db.db
      .selectFrom('todo_items')
      .select('id')
      .where('user_id', '=', userId)
      .where('text', '=', text)
      .executeTakeFirstOrThrow();
    return row.id;
  };

  const fireJobs = (reminderId: string) =>
    ctx.db.db.selectFrom('jobs').select('run_at').where('payload', 'like', `%${reminderId}%`).execute();

  it('exports the rules and imports them scheduled again, in the importing account zone', async () => {
    const paris = await reminderUser(ctx, 'Europe/Paris');
    const task = await paris.api.createTask(paris.todoId, {
      text: 'Call',
      dueDate: '2030-07-01',
      dueTime: '14:30',
    });
    await putReminders(paris.api, task, [{ kind: 'atDue' }, { kind: 'before', offsetMinutes: 90 }]);
    const exported = await exportFile(ctx, paris.cookies);
    expect(exported.taskReminders.map((row) => [row.task_id, row.kind, row.offset_minutes]).sort()).toEqual([
      [task.id, 'atDue', 0],
      [task.id, 'before', 90],
    ]);
    // Only the rule travels: no fire instant or delivery state.
    expect(Object.keys(exported.taskReminders[0] ?? {}).sort()).toEqual([
      'created_at',
      'kind',
      'offset_minutes',
      'task_id',
    ]);

    const tokyo = await reminderUser(ctx, 'Asia/Tokyo');
    const result = await importFile(ctx, tokyo.cookies, exported);
    expect(result.counts.reminders).toBe(2);
    const imported = await remindersOf(tokyo.api, await taskIdOf(tokyo.userId, 'Call'));
    // 14:30 in Tokyo (UTC+9), not Paris: the instant is worked out for the account that imports.
    expect(imported.map((r) => [r.kind, r.offsetMinutes, r.fireAt])).toEqual([
      ['before', 90, '2030-07-01T04:00:00.000Z'],
      ['atDue', 0, '2030-07-01T05:30:00.000Z'],
    ]);
    expect(await fireJobs(imported[1]?.id ?? '')).toEqual([{ run_at: '2030-07-01T05:30:00.000Z' }]);
  });

  it('counts them in a dry run, keeps a rule listed twice once and at most five per task', async () => {
    const user = await reminderUser(ctx, 'UTC');
    const rows = [0, 0, 10, 20, 30, 40, 50].map((offset) => ({
      task_id: 'i',
      kind: offset === 0 ? 'atDue' : 'before',
      offset_minutes: offset,
    }));
    const preview = await importRequest(ctx, user.cookies, fileWith(rows), { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().counts.reminders).toBe(5);

    await importFile(ctx, user.cookies, fileWith(rows));
    const imported = await remindersOf(user.api, await taskIdOf(user.userId, 'Call the landlord'));
    expect(imported.map((r) => r.offsetMinutes).sort((a, b) => a - b)).toEqual([0, 10, 20, 30, 40]);
  });

  it('imports a file written before reminders, and skips a reminder of a task not in the file', async () => {
    const user = await reminderUser(ctx, 'UTC');
    const old = await importFile(ctx, user.cookies, fileWith(undefined));
    expect(old.counts).toMatchObject({ todoItems: 1, reminders: 0 });

    const orphan = await importRequest(
      ctx,
      user.cookies,
      fileWith([{ task_id: 'nope', kind: 'atDue', offset_minutes: 0 }]),
    );
    expect(orphan.statusCode, orphan.body).toBe(200);
    expect(orphan.json()).toMatchObject({ counts: { reminders: 0 }, skippedCount: 1 });

    const bad = await importRequest(
      ctx,
      user.cookies,
      fileWith([{ task_id: 'i', kind: 'snooze', offset_minutes: 0 }]),
    );
    expect(bad.statusCode).toBe(400);
  });

  it("carries the account's default reminder; a file without one leaves the account's", async () => {
    const defaultOf = async (user: Awaited<ReturnType<typeof reminderUser>>) => {
      const res = await user.api.request('GET', '/api/account/default-reminder');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { minutes: number | null }).minutes;
    };
    const from = await reminderUser(ctx, 'UTC');
    const set = await from.api.request('PUT', '/api/account/default-reminder', { minutes: 45 });
    expect(set.statusCode, set.body).toBe(200);
    const exported = await exportFile(ctx, from.cookies);
    expect((exported as BackupFile & { defaultReminderMinutes?: number }).defaultReminderMinutes).toBe(45);

    const to = await reminderUser(ctx, 'UTC');
    await importFile(ctx, to.cookies, exported);
    expect(await defaultOf(to)).toBe(45);

    await importFile(ctx, to.cookies, fileWith(undefined));
    expect(await defaultOf(to)).toBe(45);
    const bad = await importRequest(ctx, to.cookies, { ...fileWith(undefined), defaultReminderMinutes: -5 });
    expect(bad.statusCode).toBe(400);
    expect(await defaultOf(to)).toBe(45);
  });
});
