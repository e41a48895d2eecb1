import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { strongPassword } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { warmImportWorker } from '../backup/backup-import-thread.ts';
import { newTodosApi } from '../todos/todos-test-helpers.ts';
import {
  type CalendarFakes,
  connect,
  dueTask,
  integrations,
  startCalendarFakes,
  syncTask,
} from './calendar-sync-test-helpers.ts';

/** Calendar connections in the account's data: the backup file and account deletion. */
describe.each(testEngines)('calendar connections in account data on %s', (engine) => {
  let ctx: TestContext;
  let fakes: CalendarFakes;

  beforeAll(async () => {
    fakes = await startCalendarFakes();
    ctx = await buildTestApp(engine, fakes.env);
    // The import's worker thread starts here, not inside the first test's timeout.
    await warmImportWorker();
  });
  afterAll(async () => {
    await ctx.close();
    await fakes.close();
  });

  it('exports connections and event links without credentials; an import reports them skipped', async () => {
    const api = await newTodosApi(ctx);
    const google = await connect(api, 'google');
    const { task } = await dueTask(api);
    const event = await syncTask(api, task.id, google.id);
    const res = await api.request('GET', '/api/backup/export');
    expect(res.statusCode).toBe(200);
    const file = JSON.parse(res.body) as Record<string, unknown[]>;
    expect(file.calendarIntegrations).toEqual([
      expect.objectContaining({ id: google.id, provider: 'google', calendar_id: 'primary', is_active: true }),
    ]);
    expect(file.taskCalendarEvents).toEqual([
      expect.objectContaining({ todo_item_id: task.id, integration_id: google.id, event_id: event.eventId }),
    ]);
    expect(res.body).not.toContain('credentials');
    for (const token of fakes.google.issuedTokens()) expect(res.body).not.toContain(token);

    const other = await newTodosApi(ctx);
    const imported = await other.request('POST', '/api/backup/import', file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().skipped).toEqual([
      { array: 'calendarIntegrations', index: 0, reason: messages.backup.calendarNotRestored },
      { array: 'taskCalendarEvents', index: 0, reason: messages.backup.calendarNotRestored },
    ]);
    expect((await integrations(other)).integrations).toEqual([]);
  });

  it('deleting the account revokes its Google grant', async () => {
    const api = await newTodosApi(ctx);
    await connect(api, 'google');
    const before = fakes.google.revocations();
    // Deleting needs the password confirmed on the session first (re-authentication).
    expect((await api.request('POST', '/api/account/reauth', { password: strongPassword })).statusCode).toBe(
      200,
    );
    const deleted = await api.request('DELETE', '/api/account', { confirmation: 'DELETE' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await ctx.settle();
    expect(fakes.google.revocations()).toBe(before + 1);
  });
});
