import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { type TodosApi, todosApiFor } from '../todos/todos-test-helpers.ts';
import { type CalendarFakes, connect, startCalendarFakes, syncTask } from './calendar-sync-test-helpers.ts';

describe.each(testEngines)('repeating tasks as recurring events on %s', (engine) => {
  let ctx: TestContext;
  let fakes: CalendarFakes;

  beforeAll(async () => {
    fakes = await startCalendarFakes();
    ctx = await buildTestApp(engine, fakes.env);
  });
  afterAll(async () => {
    await ctx.close();
    await fakes.close();
  });

  /** A user in New York with a standup every Monday and Thursday at 09:30, from Monday 4 January 2027. */
  async function standup(repeat: object = { rule: 'FREQ=WEEKLY;BYDAY=MO,TH' }) {
    const user = await signedInUser(ctx, { timeZone: 'America/New_York' });
    const api = todosApiFor(ctx, user.userId, user.cookies);
    const todo = await api.createTodo();
    const task = await api.createTask(todo.id, {
      text: 'Standup',
      dueDate: '2027-01-04',
      dueTime: '09:30',
      repeat,
    });
    return { api, task };
  }

  const ok = async (api: TodosApi, method: 'PATCH' | 'POST', url: string, body: object) => {
    const res = await api.request(method, url, body);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('makes a Google event series and follows skips, rule changes and the rule removed', async () => {
    const { api, task } = await standup();
    const google = await connect(api, 'google', 'Europe/Paris');
    const synced = await syncTask(api, task.id, google.id);
    const onGoogle = () => fakes.google.events().find((event) => event.id === synced.eventId);
    // The series is in the account's zone, so it stays at 09:30 in New York across DST changes.
    expect(onGoogle()?.start).toEqual({ dateTime: '2027-01-04T09:30:00', timeZone: 'America/New_York' });
    expect(onGoogle()?.recurrence).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=MO,TH']);

    await ok(api, 'POST', `/api/tasks/${task.id}/skip`, {});
    await ctx.settle();
    expect(onGoogle()?.recurrence).toEqual([
      'RRULE:FREQ=WEEKLY;BYDAY=MO,TH',
      'EXDATE;TZID=America/New_York:20270104T093000',
    ]);
    // The series still starts on its first day; the task's current occurrence moved to Thursday.
    expect(onGoogle()?.start.dateTime).toBe('2027-01-04T09:30:00');

    await ok(api, 'PATCH', `/api/tasks/${task.id}`, { repeat: { rule: 'FREQ=WEEKLY;BYDAY=TH;COUNT=5' } });
    await ctx.settle();
    expect(onGoogle()?.recurrence?.[0]).toBe('RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=5');

    await ok(api, 'PATCH', `/api/tasks/${task.id}`, { repeat: null });
    await ctx.settle();
    expect(onGoogle()?.recurrence).toBeUndefined();
    expect(onGoogle()?.start).toEqual({ dateTime: '2027-01-07T09:30:00', timeZone: 'America/New_York' });
  });

  it('writes UNTIL in UTC and an all-day series at 09:00 in the calendar zone on Google', async () => {
    const user = await signedInUser(ctx, { timeZone: 'America/New_York' });
    const api = todosApiFor(ctx, user.userId, user.cookies);
    const todo = await api.createTodo();
    const task = await api.createTask(todo.id, {
      text: 'Water plants',
      dueDate: '2027-03-01',
      repeat: { rule: 'FREQ=DAILY;INTERVAL=2;UNTIL=20270401' },
    });
    const google = await connect(api, 'google', 'Europe/Paris');
    const synced = await syncTask(api, task.id, google.id);
    const event = fakes.google.events().find((entry) => entry.id === synced.eventId);
    expect(event?.start).toEqual({ dateTime: '2027-03-01T09:00:00', timeZone: 'Europe/Paris' });
    // The end of 1 April in Paris (summer time, UTC+2).
    expect(event?.recurrence).toEqual(['RRULE:FREQ=DAILY;INTERVAL=2;UNTIL=20270401T215959Z']);
  });

  it('makes a Graph series, and the current occurrence alone for a rule Graph cannot express', async () => {
    const { api, task } = await standup({ rule: 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=6' });
    const outlook = await connect(api, 'outlook', 'Europe/Paris');
    const synced = await syncTask(api, task.id, outlook.id);
    const onOutlook = () => fakes.microsoft.events().find((event) => event.id === synced.eventId);
    expect(onOutlook()?.start).toEqual({ dateTime: '2027-01-04T09:30:00', timeZone: 'America/New_York' });
    expect(onOutlook()?.recurrence).toEqual({
      pattern: {
        type: 'relativeMonthly',
        daysOfWeek: ['friday'],
        index: 'last',
        interval: 1,
        firstDayOfWeek: 'monday',
      },
      range: {
        type: 'numbered',
        startDate: '2027-01-04',
        numberOfOccurrences: 6,
        recurrenceTimeZone: 'America/New_York',
      },
    });

    await ok(api, 'PATCH', `/api/tasks/${task.id}`, {
      repeat: { rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20270630' },
    });
    await ctx.settle();
    expect(onOutlook()?.recurrence).toEqual({
      pattern: { type: 'weekly', daysOfWeek: ['monday', 'thursday'], interval: 2, firstDayOfWeek: 'monday' },
      range: {
        type: 'endDate',
        startDate: '2027-01-04',
        endDate: '2027-06-30',
        recurrenceTimeZone: 'America/New_York',
      },
    });

    // Two days of the month: Graph's absoluteMonthly takes one, so the task is one event on its due date.
    await ok(api, 'PATCH', `/api/tasks/${task.id}`, {
      dueDate: '2027-01-15',
      repeat: { rule: 'FREQ=MONTHLY;BYMONTHDAY=1,15' },
    });
    await ctx.settle();
    expect(onOutlook()?.recurrence).toBeNull();
    expect(onOutlook()?.start).toEqual({ dateTime: '2027-01-15T09:30:00', timeZone: 'America/New_York' });
  });

  it('deletes the occurrences of skipped days on Outlook, and again after the pattern changes', async () => {
    const { api, task } = await standup();
    const outlook = await connect(api, 'outlook', 'Europe/Paris');
    const synced = await syncTask(api, task.id, outlook.id);
    expect(fakes.microsoft.cancelledDays(synced.eventId)).toEqual([]);

    await ok(api, 'POST', `/api/tasks/${task.id}/skip`, {});
    await ctx.settle();
    expect(fakes.microsoft.cancelledDays(synced.eventId)).toEqual(['2027-01-04']);
    await ok(api, 'POST', `/api/tasks/${task.id}/skip`, {});
    await ctx.settle();
    expect(fakes.microsoft.cancelledDays(synced.eventId)).toEqual(['2027-01-04', '2027-01-07']);

    // Every update sends the pattern again, which may bring cancelled occurrences back on Graph (this
    // fake always does): they are deleted again.
    await ok(api, 'PATCH', `/api/tasks/${task.id}`, { text: 'Team standup' });
    await ctx.settle();
    const event = () => fakes.microsoft.events().find((entry) => entry.id === synced.eventId);
    expect(event()?.subject).toBe('Team standup');
    expect(fakes.microsoft.cancelledDays(synced.eventId)).toEqual(['2027-01-04', '2027-01-07']);

    // A new rule starts a new series at the current occurrence: the skipped days are before it.
    await ok(api, 'PATCH', `/api/tasks/${task.id}`, { repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO,TH,FR' } });
    await ctx.settle();
    expect(event()?.recurrence?.pattern.daysOfWeek).toEqual(['monday', 'thursday', 'friday']);
    expect(event()?.start.dateTime).toBe('2027-01-11T09:30:00');
    expect(fakes.microsoft.cancelledDays(synced.eventId)).toEqual([]);
  });

  it('keeps an after-completion task one event on its current due date', async () => {
    const { api, task } = await standup({ rule: 'FREQ=DAILY;INTERVAL=3', mode: 'afterCompletion' });
    const google = await connect(api, 'google', 'Europe/Paris');
    const outlook = await connect(api, 'outlook', 'Europe/Paris');
    const onGoogle = await syncTask(api, task.id, google.id);
    const onOutlook = await syncTask(api, task.id, outlook.id);
    const googleEvent = fakes.google.events().find((event) => event.id === onGoogle.eventId);
    const graphEvent = fakes.microsoft.events().find((event) => event.id === onOutlook.eventId);
    expect(googleEvent?.recurrence).toBeUndefined();
    expect(googleEvent?.start.dateTime).toBe('2027-01-04T09:30:00');
    expect(graphEvent?.recurrence).toBeNull();
  });
});
