import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarIntegration } from '../../../shared/schemas/calendar-sync.ts';
import { signedInUser } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import {
  basic,
  listEvents,
  type Radicale,
  type RadicaleAccount,
  radicaleAvailable,
  radicaleMissing,
  startRadicale,
} from '../../test/radicale.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { type TodosApi, todosApiFor } from '../todos/todos-test-helpers.ts';
import { syncTask } from './calendar-sync-test-helpers.ts';

if (!radicaleAvailable) console.warn(radicaleMissing);

const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

/**
 * A repeating task synced to a real Radicale: the stored VEVENT carries the series (zoned DTSTART, a
 * VTIMEZONE, RRULE, EXDATE), and the server itself expands it, as a calendar-query with a time range
 * (RFC 4791 §9.9) shows: its occurrences keep their wall-clock time across the DST change.
 */
describe.runIf(radicaleAvailable).each(testEngines)(
  'repeating tasks on a CalDAV calendar on %s',
  (engine) => {
    let ctx: TestContext;
    let radicale: Radicale;

    beforeAll(async () => {
      radicale = await startRadicale();
      ctx = await buildTestApp(engine, { CALDAV_ALLOWED_HOSTS: '127.0.0.1' });
    });
    afterAll(async () => {
      await ctx?.close();
      await radicale?.close();
    });

    /** Connects a fresh Radicale account's calendar, so each test reads only its own events. */
    async function connect(api: TodosApi) {
      const account = await radicale.addAccount();
      const res = await api.request('POST', '/api/calendar/caldav', {
        serverUrl: radicale.url,
        username: account.username,
        password: account.password,
        calendarUrl: account.calendarUrl,
        timeZone: 'Europe/Paris',
      });
      expect(res.statusCode, res.body).toBe(201);
      return { integration: (res.json() as { integration: CalendarIntegration }).integration, account };
    }

    /** How many events the server finds in [start, end) (UTC stamps), expanding series itself. */
    async function eventsBetween(account: RadicaleAccount, start: string, end: string) {
      const res = await fetch(account.calendarUrl, {
        method: 'REPORT',
        headers: {
          authorization: basic(account.username, account.password),
          depth: '1',
          'content-type': 'application/xml; charset=utf-8',
        },
        body: `<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><D:getetag/></D:prop>
  <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">
    <C:time-range start="${start}" end="${end}"/>
  </C:comp-filter></C:comp-filter></C:filter>
</C:calendar-query>`,
      });
      expect(res.status).toBe(207);
      return ((await res.text()).match(/<(?:\w+:)?response>/g) ?? []).length;
    }

    it('stores the series with its zone, rule and skipped days, and follows a rule change', async () => {
      const user = await signedInUser(ctx, { timeZone: 'America/New_York' });
      const api = todosApiFor(ctx, user.userId, user.cookies);
      const todo = await api.createTodo();
      const task = await api.createTask(todo.id, {
        text: 'Standup',
        dueDate: '2027-01-04',
        dueTime: '09:30',
        repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO,TH' },
      });
      const { integration, account } = await connect(api);
      await syncTask(api, task.id, integration.id);
      const skipped = await api.request('POST', `/api/tasks/${task.id}/skip`, {});
      expect(skipped.statusCode, skipped.body).toBe(200);
      await ctx.settle();

      const [stored] = await listEvents(account);
      const text = unfold(stored?.text ?? '');
      expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n');
      expect(text).toContain('DTSTART;TZID=America/New_York:20270104T093000\r\n');
      expect(text).toContain('DTEND;TZID=America/New_York:20270104T100000\r\n');
      expect(text).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,TH\r\n');
      expect(text).toContain('EXDATE;TZID=America/New_York:20270104T093000\r\n');

      // Radicale expands it: the skipped Monday is gone, Thursday is there at 09:30 EST (14:30Z), and a
      // Monday in July at 09:30 EDT (13:30Z), not 14:30Z as a UTC series would have drifted to.
      expect(await eventsBetween(account, '20270104T000000Z', '20270105T000000Z')).toBe(0);
      expect(await eventsBetween(account, '20270107T142000Z', '20270107T144000Z')).toBe(1);
      expect(await eventsBetween(account, '20270712T132000Z', '20270712T134000Z')).toBe(1);

      const changed = await api.request('PATCH', `/api/tasks/${task.id}`, {
        repeat: { rule: 'FREQ=DAILY;COUNT=3' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      await ctx.settle();
      expect(unfold((await listEvents(account))[0]?.text ?? '')).toContain('RRULE:FREQ=DAILY;COUNT=3\r\n');
      expect(await eventsBetween(account, '20270712T000000Z', '20270713T000000Z')).toBe(0);

      const single = await api.request('PATCH', `/api/tasks/${task.id}`, { repeat: null });
      expect(single.statusCode, single.body).toBe(200);
      await ctx.settle();
      const [last] = await listEvents(account);
      expect(last?.text).not.toContain('RRULE');
      expect(last?.text).not.toContain('VTIMEZONE');
    });
  },
);
