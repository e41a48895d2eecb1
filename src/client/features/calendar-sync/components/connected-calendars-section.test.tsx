import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarIntegration, CalendarIntegrations } from '../../../../shared/schemas/calendar-sync.ts';
import { apiError, renderScreen, signedInSession, stubApi } from '../../../test/auth-test-helpers.tsx';
import { ConnectedCalendarsSection } from './connected-calendars-section.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const at = '2030-01-01T00:00:00.000Z';
const google: CalendarIntegration = {
  id: '70000000-0000-4000-8000-000000000001',
  provider: 'google',
  calendarId: 'primary',
  calendarName: null,
  accountLabel: 'ann@example.com',
  isActive: true,
  status: 'connected',
  createdAt: at,
};
const caldav: CalendarIntegration = {
  ...google,
  id: '70000000-0000-4000-8000-000000000002',
  provider: 'caldav',
  calendarId: 'http://dav.test/ann/work/',
  calendarName: 'Work',
  accountLabel: 'ann@dav.test',
};
const all = { google: true, outlook: true, caldav: true };

/** The integrations API with its state kept between calls, as the server would. */
function stubIntegrationsApi(initial: CalendarIntegrations) {
  let state = initial;
  const calls = stubApi({
    'GET /api/auth/session': { status: 200, body: signedInSession },
    'GET /api/calendar/integrations': () => ({ status: 200, body: state }),
    [`PATCH /api/calendar/integrations/${google.id}`]: (call) => {
      const saved = { ...google, ...(call.body as { isActive: boolean }) };
      state = { ...state, integrations: state.integrations.map((i) => (i.id === saved.id ? saved : i)) };
      return { status: 200, body: saved };
    },
    [`DELETE /api/calendar/integrations/${google.id}`]: () => {
      state = { ...state, integrations: state.integrations.filter((i) => i.id !== google.id) };
      return { status: 204 };
    },
    'POST /api/calendar/caldav/discover': (call) =>
      (call.body as { password: string }).password === 'app-pass'
        ? {
            status: 200,
            body: {
              calendars: [
                { url: 'http://dav.test/ann/home/', displayName: 'Home' },
                { url: caldav.calendarId, displayName: 'Work' },
              ],
            },
          }
        : apiError(400, 'caldav_rejected', 'The CalDAV server did not accept this user name and password'),
    'POST /api/calendar/caldav': () => {
      state = { ...state, integrations: [...state.integrations, caldav] };
      return { status: 201, body: { integration: caldav } };
    },
  });
  return calls;
}

const show = () => renderScreen(<ConnectedCalendarsSection />, { path: '/app' });

describe('Settings → Calendars: connected calendars', () => {
  it('lists a connected calendar with its name, account and an Active switch that saves', async () => {
    const user = userEvent.setup();
    const calls = stubIntegrationsApi({ integrations: [google], providers: all });
    show();
    const list = await screen.findByRole('list', { name: 'Connected calendars' });
    expect(within(list).getByText('Google Calendar')).toBeVisible();
    expect(within(list).getByText('Default calendar')).toBeVisible();
    expect(within(list).getByText('ann@example.com')).toBeVisible();
    const active = within(list).getByRole('switch', { name: /Active/ });
    expect(active).toBeChecked();
    await user.click(active);
    await waitFor(() => expect(within(list).getByRole('switch', { name: /Active/ })).not.toBeChecked());
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `/api/calendar/integrations/${google.id}`,
      body: { isActive: false },
    });
  });

  it('disconnects only after the confirmation', async () => {
    const user = userEvent.setup();
    const calls = stubIntegrationsApi({ integrations: [google], providers: all });
    show();
    await user.click(await screen.findByRole('button', { name: /Disconnect Google Calendar/ }));
    const dialog = await screen.findByRole('alertdialog', { name: /Disconnect Google Calendar/ });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: /Disconnect Google Calendar/ }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }),
    );
    expect(await screen.findByText('No calendar is connected yet.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('tells the user to reconnect a calendar that refused Jotlist', async () => {
    stubIntegrationsApi({
      integrations: [{ ...google, isActive: false, status: 'reconnect' }],
      providers: all,
    });
    show();
    expect(await screen.findByText(/stopped accepting Jotlist/)).toBeVisible();
    expect(screen.getByRole('button', { name: /Reconnect Google Calendar/ })).toBeVisible();
    expect(screen.getByRole('switch', { name: /Active/ })).toBeDisabled();
  });

  it('offers Google and Outlook only when the server has their OAuth apps', async () => {
    stubIntegrationsApi({ integrations: [], providers: { google: false, outlook: false, caldav: true } });
    show();
    expect(await screen.findByRole('button', { name: 'Connect a CalDAV calendar' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Connect Google Calendar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Connect Outlook' })).toBeNull();
    expect(screen.getByText(/OAuth apps set up/)).toBeVisible();
  });

  it('connects a CalDAV calendar: fields checked, calendars found, one picked', async () => {
    const user = userEvent.setup();
    const calls = stubIntegrationsApi({ integrations: [], providers: all });
    show();
    await user.click(await screen.findByRole('button', { name: 'Connect a CalDAV calendar' }));
    expect(screen.getByRole('textbox', { name: 'Server URL' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Find calendars' }));
    expect(screen.getByRole('textbox', { name: 'Server URL' })).toHaveAccessibleDescription(
      'Enter the server address, starting with https:// or http://',
    );
    expect(screen.getByRole('textbox', { name: 'User name' })).toHaveAccessibleDescription(
      'This field is required',
    );
    expect(calls.some((c) => c.path === '/api/calendar/caldav/discover')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Server URL' }), 'http://dav.test/');
    await user.type(screen.getByRole('textbox', { name: 'User name' }), 'ann');
    await user.type(screen.getByLabelText('App password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Find calendars' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('did not accept this user name and password');

    await user.clear(screen.getByLabelText('App password'));
    await user.type(screen.getByLabelText('App password'), 'app-pass');
    await user.click(screen.getByRole('button', { name: 'Find calendars' }));
    const picker = await screen.findByRole('group', { name: 'Calendar' });
    await user.click(within(picker).getByRole('radio', { name: 'Work' }));
    await user.click(screen.getByRole('button', { name: 'Connect' }));

    const list = await screen.findByRole('list', { name: 'Connected calendars' });
    expect(within(list).getByText('CalDAV')).toBeVisible();
    expect(within(list).getByText('Work')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Find calendars' })).toBeNull();
    expect(calls.find((c) => c.path === '/api/calendar/caldav')?.body).toEqual({
      serverUrl: 'http://dav.test/',
      username: 'ann',
      password: 'app-pass',
      calendarUrl: caldav.calendarId,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('shows a failed load with a way to try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi({
      'GET /api/auth/session': { status: 200, body: signedInSession },
      'GET /api/calendar/integrations': () =>
        fail
          ? apiError(503, 'unavailable', 'Service unavailable')
          : { status: 200, body: { integrations: [], providers: all } },
    });
    // Without the retries of the default client: the screen, not the retry policy, is under test.
    const noRetry = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderScreen(
      <QueryClientProvider client={noRetry}>
        <ConnectedCalendarsSection />
      </QueryClientProvider>,
      { path: '/app' },
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Service unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Connect Google Calendar' })).toBeVisible();
  });
});
