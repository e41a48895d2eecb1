import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { backupRateLimits } from './backup.routes.ts';
import { type BackupFile, emptyFile, exportFile, importFile, importRequest } from './backup-test-helpers.ts';

const at = '2026-11-01T10:00:00.000Z';

/** A file with one list, one category and the given tasks (ids `i1`, `i2`, ...). */
function fileWith(items: Array<Record<string, unknown>>): BackupFile {
  return {
    ...emptyFile(),
    todos: [{ id: 't', title: 'List', position: 0, created_at: at, updated_at: at }],
    todoCategories: [{ id: 'c', todo_id: 't', title: 'Home', position: 0, created_at: at, updated_at: at }],
    todoItems: items.map((fields, index) => ({
      id: `i${index + 1}`,
      todo_id: 't',
      category_id: 'c',
      text: `Task ${index + 1}`,
      completed: false,
      priority: 'medium',
      position: index,
      created_at: at,
      updated_at: at,
      ...fields,
    })),
  };
}

describe.each(testEngines)("a task's due time and description in a backup on %s", (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    backupRateLimits.import.max = 10_000;
    backupRateLimits.export.max = 10_000;
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  it('exports them and imports them back', async () => {
    const user = await signedInUser(ctx);
    const description = '# Steps\n\n- call **the landlord**';
    await importFile(
      ctx,
      user.cookies,
      fileWith([{ due_date: '2026-11-28', due_time: '17:00', description }, { due_date: '2026-11-29' }]),
    );
    const exported = await exportFile(ctx, user.cookies);
    expect(exported.todoItems.map((row) => [row.text, row.due_date, row.due_time, row.description])).toEqual([
      ['Task 1', '2026-11-28', '17:00', description],
      ['Task 2', '2026-11-29', null, ''],
    ]);
    const other = await signedInUser(ctx);
    await importFile(ctx, other.cookies, exported);
    const again = await exportFile(ctx, other.cookies);
    expect(again.todoItems.map((row) => [row.due_time, row.description])).toEqual([
      ['17:00', description],
      [null, ''],
    ]);
  });

  it('still imports a 1.0.0 file without them: all day, no description', async () => {
    const user = await signedInUser(ctx);
    const result = await importFile(ctx, user.cookies, fileWith([{ due_date: '2026-11-28' }, {}]));
    expect(result.counts).toMatchObject({ todoItems: 2 });
    const exported = await exportFile(ctx, user.cookies);
    expect(exported.todoItems.map((row) => [row.due_date, row.due_time, row.description])).toEqual([
      ['2026-11-28', null, ''],
      [null, null, ''],
    ]);
  });

  it('drops a time without a date and refuses a time that is no HH:MM', async () => {
    const user = await signedInUser(ctx);
    await importFile(ctx, user.cookies, fileWith([{ due_time: '09:00' }]));
    expect((await exportFile(ctx, user.cookies)).todoItems[0]).toMatchObject({
      due_date: null,
      due_time: null,
    });
    const refused = await importRequest(
      ctx,
      user.cookies,
      fileWith([{ due_date: '2026-11-28', due_time: '9am' }]),
    );
    expect(refused.statusCode).toBe(400);
    const tooLong = await importRequest(ctx, user.cookies, fileWith([{ description: 'x'.repeat(20_001) }]));
    expect(tooLong.statusCode).toBe(400);
  });
});
