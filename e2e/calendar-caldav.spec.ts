import { listEvents, startRadicale } from '../src/server/test/radicale.ts';
import {
  expectNoBlockingAxeViolations,
  openCalendarSettings,
  openTask,
  seedTask,
} from './calendar-helpers.ts';
import { expect, test } from './fixtures.ts';
import { signInToWorkspace } from './notes-helpers.ts';

/**
 * Connecting a real CalDAV server (Debian's Radicale, started here) through the form in Settings →
 * Calendars, then syncing a task and finding its event on the server as any calendar app would.
 */

test.use({ viewport: { width: 1440, height: 900 } });
// Radicale listens on loopback, which the server calls only when told to (README, Calendar sync).
test.use({ serverEnv: { CALDAV_ALLOWED_HOSTS: '127.0.0.1' } });

test('connect a CalDAV calendar, sync a task and find the event on the server', async ({ page, server }) => {
  // A Radicale process to start, a CalDAV discovery and a sync: beyond 30 s on a busy two-core machine.
  test.slow();
  const radicale = await startRadicale();
  try {
    await signInToWorkspace(page, server);
    const text = `Dentist ${Date.now()}`;
    const task = await seedTask(page, text, '2031-07-14');

    const settings = await openCalendarSettings(page);
    await settings.getByRole('button', { name: 'Connect a CalDAV calendar' }).click();
    await settings.getByRole('textbox', { name: 'Server URL' }).fill(radicale.url);
    await settings.getByRole('textbox', { name: 'User name' }).fill(radicale.username);
    await settings.getByLabel('App password').fill('not-the-password');
    await settings.getByRole('button', { name: 'Find calendars' }).click();
    await expect(settings.getByRole('alert')).toBeVisible();

    await settings.getByLabel('App password').fill(radicale.password);
    await settings.getByRole('button', { name: 'Find calendars' }).click();
    await settings.getByRole('group', { name: 'Calendar' }).getByRole('radio', { name: 'Tasks' }).check();
    await expectNoBlockingAxeViolations(page, '[role="dialog"]');
    await settings.getByRole('button', { name: 'Connect', exact: true }).click();
    const connected = settings.getByRole('list', { name: 'Connected calendars' });
    await expect(connected.getByText('CalDAV')).toBeVisible();
    await expect(connected.getByText('Tasks')).toBeVisible();

    await openTask(page, task);
    await page.getByRole('button', { name: 'Add to Calendar' }).click();
    await page.getByRole('menuitem', { name: /Sync to CalDAV\s*Tasks/ }).click();
    const area = page.getByRole('region', { name: 'Calendar Integration' });
    await expect(area.getByText('Synced to Calendar')).toBeVisible();

    // As a calendar app sees it: the calendar's objects on the server, read with the account's password.
    const stored = (await listEvents(radicale)).find((event) => event.summary === text);
    expect(stored?.start.slice(0, 10)).toBe('2031-07-14');
  } finally {
    await radicale.close();
  }
});
