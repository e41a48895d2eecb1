import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupArrays, optionalBackupArrays } from '../../../shared/domain/backup-format.ts';
import { messages } from '../../../shared/messages.ts';
import { type SessionCookies, signedInUser } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { expectError } from '../notes/notes-test-helpers.ts';
import { backupRateLimits } from './backup.routes.ts';
import { warmImportWorker } from './backup-import-thread.ts';
import { emptyFile, exportTextWithoutTime, importRequest } from './backup-test-helpers.ts';

const m = messages.backup;
const notebook = (id: string, extra: object = {}) => ({
  id,
  user_id: 'u',
  title: 'Work',
  color: '#3B82F6',
  position: 0,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  ...extra,
});

/** docs/PRODUCT.md §5 import validation: the checks run in its order, with its words, and refuse before writing. */
describe.each(testEngines)('backup import validation on %s', (engine) => {
  let ctx: TestContext;
  let cookies: SessionCookies;
  let before: string;

  beforeAll(async () => {
    backupRateLimits.import.max = 1000;
    ctx = await buildTestApp(engine);
    // The import's worker thread starts here, not inside the first test's timeout.
    await warmImportWorker();
    const user = await signedInUser(ctx);
    cookies = user.cookies;
    before = await exportTextWithoutTime(ctx, cookies);
  });
  afterAll(async () => {
    // Every refusal left the account untouched.
    expect(await exportTextWithoutTime(ctx, cookies)).toBe(before);
    await ctx.close();
  });

  const refused = async (body: string | object, message: string) => {
    for (const dryRun of [true, false]) {
      const res = await importRequest(ctx, cookies, body, { dryRun, clearExisting: true });
      expect(expectError(res, 400, 'validation_failed').message).toBe(message);
    }
  };

  it.each([
    ['not JSON at all', 'this is not json'],
    ['truncated JSON', '{"version":"1.0.0","notebooks":['],
    ['an empty body', ''],
  ])('refuses %s: the parse message', async (_what, body) => {
    await refused(body, m.notJson);
  });

  it.each([
    ['an array', '[]'],
    ['a number', '42'],
    ['a string', '"backup"'],
    ['null', 'null'],
  ])('refuses %s: Invalid backup file format', async (_what, body) => {
    await refused(body, m.invalidFormat);
  });

  it.each(['version', 'exportedAt', 'userId'])(
    'refuses a file without %s: Missing required metadata',
    async (key) => {
      const file: Record<string, unknown> = { ...emptyFile() };
      delete file[key];
      await refused(file, m.missingMetadata);
    },
  );

  it('checks the metadata before the arrays', async () => {
    await refused({ version: '1.0.0' }, m.missingMetadata);
  });

  const required = backupArrays.filter((name) => !optionalBackupArrays.has(name));
  it.each(required.map((name) => [name]))('refuses a file without %s', async (name) => {
    const missing: Record<string, unknown> = { ...emptyFile() };
    delete missing[name];
    await refused(missing, m.missingArray(name));
    await refused({ ...emptyFile(), [name]: { not: 'an array' } }, m.missingArray(name));
  });

  // Files written before labels existed have neither array.
  it.each([...optionalBackupArrays].map((name) => [name]))(
    'accepts a file without %s, but not one where it is not an array',
    async (name) => {
      const missing: Record<string, unknown> = { ...emptyFile() };
      delete missing[name];
      expect((await importRequest(ctx, cookies, missing, { dryRun: true })).statusCode).toBe(200);
      await refused({ ...emptyFile(), [name]: { not: 'an array' } }, m.missingArray(name));
    },
  );

  it('checks the arrays in the spec order', async () => {
    const { version, exportedAt, userId } = emptyFile();
    await refused({ version, exportedAt, userId }, m.missingArray('notebooks'));
    await refused({ ...emptyFile(), todos: null, notes: 1 }, m.missingArray('notes'));
  });

  it('refuses a whole file for one bad row, naming the array, the index and the field', async () => {
    const file = { ...emptyFile(), notebooks: [notebook('a'), notebook('b', { title: 42 })] };
    await refused(
      file,
      m.invalidRow('notebooks', 1, 'title', 'Invalid input: expected string, received number'),
    );
  });

  it.each([
    ['notebooks', 0, 'color', { notebooks: [notebook('a', { color: 'blue' })] }],
    ['sections', 0, 'notebook_id', { sections: [{ id: 's', title: 'S', position: 0 }] }],
    ['notes', 0, 'content', { notes: [{ id: 'n', section_id: 's', title: 'T', content: 5 }] }],
    ['todoItems', 0, 'priority', { todoItems: [{ id: 'i', category_id: 'c', text: 'x', priority: 'asap' }] }],
    ['todoItems', 0, 'due_date', { todoItems: [{ id: 'i', category_id: 'c', text: 'x', due_date: 'soon' }] }],
    [
      'todoSubtasks',
      0,
      'completed',
      { todoSubtasks: [{ id: 's', todo_item_id: 'i', text: 'x', completed: 'y' }] },
    ],
    [
      'todos',
      2,
      'position',
      {
        todos: [0, 1, 2]
          .map((p) => ({ id: `t${p}`, title: 'T', position: p ? p : 0 }))
          .map((t, i) => (i === 2 ? { ...t, position: -1 } : t)),
      },
    ],
    ['notebooks', 1, 'id', { notebooks: [notebook('same'), notebook('same')] }],
    ['notes', 0, 'title', { notes: [{ id: 'n', section_id: 's', title: 'nul \u0000 here' }] }],
  ])('names %s[%i].%s', async (array, index, field, arrays) => {
    const res = await importRequest(ctx, cookies, { ...emptyFile(), ...arrays }, { dryRun: true });
    const { message } = expectError(res, 400, 'validation_failed');
    expect(message).toContain(`Invalid data in ${array} at index ${index}, field ${field}: `);
  });

  // The file is read as a stream and rows are written as they come: the checks' order must not change.
  describe('keeps the order of the checks while the file is read a row at a time', () => {
    const good = [notebook('a'), notebook('b')];
    const bad = [notebook('c', { title: 42 })];
    const badRow = m.invalidRow('notebooks', 0, 'title', 'Invalid input: expected string, received number');

    it('a file that breaks off after a bad row is not JSON', async () => {
      const text = JSON.stringify({ ...emptyFile(), notebooks: bad });
      await refused(text.slice(0, -10), m.notJson);
    });

    it('valid rows already written, then a break: not JSON, and nothing kept', async () => {
      const text = JSON.stringify({ ...emptyFile(), notebooks: good, todos: [{ id: 't', title: 'T' }] });
      await refused(`${text.slice(0, -1)},"extra":[1,]}`, m.notJson);
    });

    it('metadata missing at the end of the file wins over an earlier bad row', async () => {
      const { version: _, ...rest } = { ...emptyFile(), notebooks: bad };
      await refused({ ...rest }, m.missingMetadata);
    });

    it('an array missing wins over a bad row', async () => {
      const { taskCalendarEvents: _, ...rest } = { ...emptyFile(), notebooks: bad };
      await refused(rest, m.missingArray('taskCalendarEvents'));
    });

    it('the first bad row of the first array in the spec order wins, wherever the arrays stand', async () => {
      const { notebooks: _n, todos: _t, ...rest } = emptyFile();
      const file = { todos: [{ id: 't', title: 7 }], ...rest, notebooks: [...good, ...bad] };
      await refused(
        file,
        m.invalidRow('notebooks', 2, 'title', 'Invalid input: expected string, received number'),
      );
      await refused({ ...emptyFile(), notebooks: bad }, badRow);
    });

    it('an array named twice is refused (its rows were already read)', async () => {
      const text = JSON.stringify({ ...emptyFile(), notebooks: good });
      await refused(`${text.slice(0, -1)},"notebooks":[]}`, m.missingArray('notebooks'));
    });
  });

  it('refuses an over-50 MB file with 413 and a clear message', async () => {
    const big = JSON.stringify({ ...emptyFile(), notes: [{ pad: 'x'.repeat(50 * 1024 * 1024) }] });
    const res = await importRequest(ctx, cookies, big, { dryRun: true });
    expect(expectError(res, 413, 'payload_too_large').message).toBe(m.tooLarge);
  });

  it('answers 401 without a session', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/backup/import', payload: emptyFile() });
    expectError(res, 401, 'unauthorized');
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/backup/export' }), 401, 'unauthorized');
  });
});
