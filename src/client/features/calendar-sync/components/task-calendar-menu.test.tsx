import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarIntegration, TaskCalendarEvent } from '../../../../shared/schemas/calendar-sync.ts';
import type { TaskDetail } from '../../../../shared/schemas/task.ts';
import { apiError, renderScreen, signedInSession, stubApi } from '../../../test/auth-test-helpers.tsx';
import { TaskCalendarMenu } from './task-calendar-menu.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const at = '2030-01-01T00:00:00.000Z';
const task: TaskDetail = {
  id: '40000000-0000-4000-8000-000000000001',
  todoId: '50000000-0000-4000-8000-000000000001',
  categoryId: '60000000-0000-4000-8000-000000000001',
  text: 'Renew passport',
  completed: false,
  dueDate: '2031-05-20',
  dueTime: null,
  description: '',
  priority: 'medium',
  estimatedTime: 30,
  position: 0,
  createdAt: at,
  updatedAt: at,
  labelIds: [],
  repeat: null,
  subtasks: [],
};

const integration = (id: string, patch: Partial<CalendarIntegration> = {}): CalendarIntegration => ({
  id: `70000000-0000-4000-8000-00000000000${id}`,
  provider: 'google',
  calendarId: 'primary',
  calendarName: null,
  accountLabel: 'ann@example.com',
  isActive: true,
  status: 'connected',
  createdAt: at,
  ...patch,
});
const google = integration('1', { calendarName: 'Work' });
const outlook = integration('2', { provider: 'outlook', calendarId: null });
const caldavOff = integration('3', { provider: 'caldav', calendarName: 'Home', isActive: false });

const event = (on: CalendarIntegration, patch: Partial<TaskCalendarEvent> = {}): TaskCalendarEvent => ({
  integrationId: on.id,
  provider: on.provider,
  calendarName: on.calendarName,
  eventId: `event-${on.id}`,
  eventUrl: `https://calendar.example.com/event/${on.id}`,
  syncStatus: 'synced',
  lastSyncedAt: at,
  error: null,
  ...patch,
});

const eventsPath = `/api/tasks/${task.id}/calendar-events`;

/** The API with the task's events kept between calls, as the server would. */
function stubCalendarApi(integrations: CalendarIntegration[], initial: TaskCalendarEvent[] = []) {
  let events = initial;
  const calls = stubApi({
    'GET /api/auth/session': { status: 200, body: signedInSession },
    'GET /api/calendar/integrations': {
      status: 200,
      body: { integrations, providers: { google: true, outlook: true, caldav: true } },
    },
    [`GET ${eventsPath}`]: () => ({ status: 200, body: { events } }),
    [`POST ${eventsPath}`]: (call) => {
      const target = integrations.find(
        (i) => i.id === (call.body as { integrationId: string }).integrationId,
      );
      if (!target) return apiError(404, 'not_found', 'Not found');
      const saved = event(target);
      events = [...events.filter((e) => e.integrationId !== target.id), saved];
      return { status: 201, body: saved };
    },
  });
  return calls;
}

/** The menu under a task that a button changes, as the task panel re-renders it after an edit. */
function EditableTask({ onEdit }: { onEdit(): void }) {
  const [current, setCurrent] = useState(task);
  const edit = () => {
    onEdit();
    setCurrent({ ...current, dueDate: '2031-06-02', updatedAt: '2030-01-02T00:00:00.000Z' });
  };
  return (
    <>
      <button type="button" onClick={edit}>
        Change due date
      </button>
      <TaskCalendarMenu task={current} />
    </>
  );
}

const show = (readOnly = false) =>
  renderScreen(<TaskCalendarMenu task={task} readOnly={readOnly} />, { path: '/app' });

const openMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Add to Calendar' }));
  return screen.findByRole('menu');
};

describe('the task’s Add to Calendar menu', () => {
  it('offers the .ics file and one entry per active calendar, with its name or Default calendar', async () => {
    const user = userEvent.setup();
    stubCalendarApi([google, outlook, caldavOff]);
    show();
    const menu = await openMenu(user);
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')).toHaveLength(3));
    const names = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(names).toEqual([
      'Download .ics File',
      'Sync to Google Calendar Work',
      'Sync to Outlook Default calendar',
    ]);
    expect(within(menu).getByRole('menuitem', { name: /Sync to Google Calendar\s*Work/ })).toBeVisible();
    expect(within(menu).queryByRole('menuitem', { name: /CalDAV/ })).toBeNull();
  });

  it('syncs to a calendar, then shows Synced to Calendar with View Event and offers only the others', async () => {
    const user = userEvent.setup();
    const calls = stubCalendarApi([google, outlook]);
    show();
    const menu = await openMenu(user);
    await user.click(await within(menu).findByRole('menuitem', { name: /Sync to Google Calendar/ }));

    const view = await screen.findByRole('link', { name: /View Event/ });
    expect(view).toHaveAttribute('href', `https://calendar.example.com/event/${google.id}`);
    expect(view).toHaveAttribute('target', '_blank');
    expect(view.getAttribute('rel')).toContain('noopener');
    expect(view).toHaveFocus();
    expect(screen.getByText('Synced to Calendar')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST' && c.path === eventsPath)).toEqual([
      { method: 'POST', path: eventsPath, body: { integrationId: google.id, timeZone: expect.any(String) } },
    ]);

    const again = await openMenu(user);
    await waitFor(() =>
      expect(
        within(again)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Download .ics File', 'Sync to Outlook Default calendar']),
    );
  });

  it('replaces the Add button once the only calendar has the task', async () => {
    stubCalendarApi([google], [event(google)]);
    show();
    expect(await screen.findByText('Synced to Calendar')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add to Calendar' })).toBeNull();
  });

  it('shows Processing... while the sync runs', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubCalendarApi([google]);
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (init?.method === 'POST' && input === eventsPath) await gate;
      return answer(input, init);
    });
    show();
    const menu = await openMenu(user);
    await user.click(await within(menu).findByRole('menuitem', { name: /Sync to Google Calendar/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('Processing...');
    release();
    expect(await screen.findByText('Synced to Calendar')).toBeVisible();
  });

  it('shows a failed sync with the provider’s message and retries it', async () => {
    const user = userEvent.setup();
    const calls = stubCalendarApi(
      [google],
      [event(google, { syncStatus: 'failed', error: 'Rate Limit Exceeded', eventUrl: null })],
    );
    show();
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Rate Limit Exceeded');
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Synced to Calendar')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST' && c.path === eventsPath)).toHaveLength(1);
  });

  it('says Failed to sync with calendar when a failure has no message of its own', async () => {
    stubCalendarApi([google], [event(google, { syncStatus: 'failed', error: null, eventUrl: null })]);
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sync with calendar');
  });

  it('shows a refused sync with a retry', async () => {
    const user = userEvent.setup();
    stubCalendarApi([google]);
    const answer = globalThis.fetch;
    let refuse = true;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (init?.method === 'POST' && input === eventsPath && refuse) {
        refuse = false;
        return new Response(JSON.stringify(apiError(502, 'provider_error', 'Failed to create event').body), {
          status: 502,
          headers: { 'content-type': 'application/json' },
        });
      }
      return answer(input, init);
    });
    show();
    const menu = await openMenu(user);
    await user.click(await within(menu).findByRole('menuitem', { name: /Sync to Google Calendar/ }));
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Failed to create event');
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Synced to Calendar')).toBeVisible();
  });

  it('offers only the .ics file to a read-only account', async () => {
    const user = userEvent.setup();
    stubCalendarApi([google]);
    show(true);
    const menu = await openMenu(user);
    await screen.findByText('Download .ics File');
    // The integrations have loaded (the events read follows them) and still no sync entry is offered.
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')).toHaveLength(1));
  });

  it('re-reads the events after the task changes, showing Processing... until the calendar has the change', async () => {
    const user = userEvent.setup();
    let reads = 0;
    let edited = false;
    stubApi({
      'GET /api/auth/session': { status: 200, body: signedInSession },
      'GET /api/calendar/integrations': {
        status: 200,
        body: { integrations: [google], providers: { google: true, outlook: false, caldav: true } },
      },
      // After the edit the server's job is pending for one read, then done.
      [`GET ${eventsPath}`]: () => {
        reads += 1;
        const pending = edited && reads === 2;
        return { status: 200, body: { events: [event(google, pending ? { syncStatus: 'pending' } : {})] } };
      },
    });
    renderScreen(
      <EditableTask
        onEdit={() => {
          edited = true;
        }}
      />,
      { path: '/app' },
    );
    expect(await screen.findByText('Synced to Calendar')).toBeVisible();
    expect(reads).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Change due date' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Processing...');
    expect(await screen.findByText('Synced to Calendar', {}, { timeout: 3000 })).toBeVisible();
    expect(reads).toBeGreaterThanOrEqual(3);
  });
});
