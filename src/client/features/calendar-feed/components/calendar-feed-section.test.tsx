import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarFeed } from '../../../../shared/schemas/calendar-feed.ts';
import { renderScreen, signedInSession, stubApi } from '../../../test/auth-test-helpers.tsx';
import { CalendarsTab } from '../../settings/index.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const off: CalendarFeed = { enabled: false, url: null, includeCompleted: false };
const on = (token = 'a'.repeat(43), includeCompleted = false): CalendarFeed => ({
  enabled: true,
  url: `webcal://jotlist.test/calendar/feed/${token}.ics`,
  includeCompleted,
});

/** The API as the server answers it, holding the feed's state between calls. */
function stubFeedApi(initial: CalendarFeed) {
  let state = initial;
  return stubApi({
    'GET /api/auth/session': { status: 200, body: signedInSession },
    'GET /api/calendar-feed': () => ({ status: 200, body: state }),
    'PUT /api/calendar-feed': (call) => {
      const body = call.body as { enabled: boolean; includeCompleted?: boolean };
      state = body.enabled ? on('a'.repeat(43), body.includeCompleted ?? state.includeCompleted) : off;
      return { status: 200, body: state };
    },
    'POST /api/calendar-feed/regenerate': () => {
      state = on('b'.repeat(43), state.includeCompleted);
      return { status: 200, body: state };
    },
  });
}

describe('Settings → Calendars: the private calendar feed', () => {
  it('turns the feed on and shows the link with its options', async () => {
    const user = userEvent.setup();
    const calls = stubFeedApi(off);
    renderScreen(<CalendarsTab />, { path: '/app' });
    const toggle = await screen.findByRole('switch', { name: 'Private calendar feed' });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(screen.queryByText(/Google Calendar:/)).toBeNull();

    await user.click(toggle);
    const link = await screen.findByRole('textbox', { name: 'Calendar link' });
    expect(link).toHaveValue(on().url);
    expect(link).toHaveAttribute('readonly');
    expect(screen.getByRole('switch', { name: 'Private calendar feed' })).toBeChecked();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ enabled: true });
    expect(screen.getByText(/From URL/)).toBeVisible();
    expect(screen.getByText(/Subscription/)).toBeVisible();
    // The feed's own help names no provider it cannot serve (connected calendars have their own section).
    const feedSection = screen.getByRole('region', { name: 'Private calendar feed' });
    expect(within(feedSection).queryByText(/Outlook|CalDAV/)).toBeNull();
  });

  it('copies the link and says so for two seconds', async () => {
    const user = userEvent.setup();
    stubFeedApi(on());
    renderScreen(<CalendarsTab />, { path: '/app' });
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied!')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(on().url);
    await waitFor(() => expect(screen.queryByText('Link copied!')).toBeNull(), { timeout: 3000 });
  });

  it('includes completed tasks when ticked', async () => {
    const user = userEvent.setup();
    const calls = stubFeedApi(on());
    renderScreen(<CalendarsTab />, { path: '/app' });
    await user.click(await screen.findByRole('checkbox', { name: 'Include completed tasks' }));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Include completed tasks' })).toBeChecked(),
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      enabled: true,
      includeCompleted: true,
    });
  });

  it('regenerates the link only after a confirmation that the old one stops working', async () => {
    const user = userEvent.setup();
    const calls = stubFeedApi(on());
    renderScreen(<CalendarsTab />, { path: '/app' });
    await user.click(await screen.findByRole('button', { name: 'Regenerate link' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/stops working/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.path === '/api/calendar-feed/regenerate')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Regenerate link' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Regenerate link' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Calendar link' })).toHaveValue(on('b'.repeat(43)).url),
    );
  });

  it('turning it off hides the link', async () => {
    const user = userEvent.setup();
    stubFeedApi(on());
    renderScreen(<CalendarsTab />, { path: '/app' });
    await user.click(await screen.findByRole('switch', { name: 'Private calendar feed' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Calendar link' })).toBeNull());
    expect(screen.getByRole('switch', { name: 'Private calendar feed' })).not.toBeChecked();
  });
});
