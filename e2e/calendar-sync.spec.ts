import { type FakeGoogle, startFakeGoogle } from '../src/server/test/fake-google.ts';
import { type FakeMicrosoft, startFakeMicrosoft } from '../src/server/test/fake-microsoft.ts';
import {
  expectNoBlockingAxeViolations,
  openCalendarSettings,
  openTask,
  seedTask,
} from './calendar-helpers.ts';
import { expect, test } from './fixtures.ts';
import { signInToWorkspace } from './notes-helpers.ts';

/**
 * Connecting Google Calendar in a real browser, against a local fake of Google's OAuth and Calendar v3
 * (src/server/test/fake-google.ts) that this worker's server is pointed at: the consent page, the
 * callback screen at Google's own redirect path, a task synced with its View Event link, and a due-date
 * change reaching the event.
 */

// The fakes run in this worker's process, started before the server (fixtures.ts, serverPeerSetup).
let fake: { google: FakeGoogle; microsoft: FakeMicrosoft } | undefined;
const fakes = () => {
  if (!fake) throw new Error('The fake Google and Microsoft were not started');
  return fake;
};
const google = () => fakes().google;

test.use({
  viewport: { width: 1440, height: 900 },
  serverPeerSetup: {
    start: async () => {
      const started = { google: await startFakeGoogle(), microsoft: await startFakeMicrosoft() };
      fake = started;
      const { google: g, microsoft: m } = started;
      const env = {
        GOOGLE_CLIENT_ID: g.clientId,
        GOOGLE_CLIENT_SECRET: g.clientSecret,
        GOOGLE_AUTH_BASE: g.url,
        GOOGLE_TOKEN_BASE: g.url,
        GOOGLE_API_BASE: g.url,
        MICROSOFT_CLIENT_ID: m.clientId,
        MICROSOFT_CLIENT_SECRET: m.clientSecret,
        MICROSOFT_AUTH_BASE: m.url,
        MICROSOFT_API_BASE: m.url,
      };
      return { env, close: async () => void (await Promise.all([g.close(), m.close()])) };
    },
  },
});

test('connect Google Calendar, sync a task, open its event and move it by changing the due date', async ({
  page,
  server,
}) => {
  // Two sites, a 2 s pause and a background job: near the default 30 s on a busy two-core machine.
  test.slow();
  await signInToWorkspace(page, server);
  const text = `Renew passport ${Date.now()}`;
  const task = await seedTask(page, text, '2031-05-20');

  const settings = await openCalendarSettings(page);
  await settings.getByRole('button', { name: 'Connect Google Calendar' }).click();
  // Google's consent page (the fake's), then back to Google's own callback path with code, state and iss.
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/oauth\/google\/callback\?.*iss=/);
  await expect(page.getByRole('status')).toHaveText('Calendar connected successfully!');
  await expect(page.getByRole('heading', { name: 'Calendar connected' })).toBeFocused();
  // After 2 s: the workspace, with Settings → Calendars showing the new calendar.
  const back = page.getByRole('dialog', { name: 'Settings' });
  // The 2 s pause, then the workspace's code and data: on a busy machine, more than the default 5 s.
  await expect(back.getByRole('tab', { name: 'Calendars' })).toHaveAttribute('aria-selected', 'true', {
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/app$/);
  const connected = back.getByRole('list', { name: 'Connected calendars' });
  await expect(connected.getByText('Google Calendar')).toBeVisible({ timeout: 15_000 });
  await expect(connected.getByRole('switch', { name: /Active/ })).toBeChecked();
  await expectNoBlockingAxeViolations(page, '[role="dialog"]');

  await openTask(page, task);
  await page.getByRole('button', { name: 'Add to Calendar' }).click();
  await page.getByRole('menuitem', { name: /Sync to Google Calendar/ }).click();
  const area = page.getByRole('region', { name: 'Calendar Integration' });
  await expect(area.getByText('Synced to Calendar')).toBeVisible();
  const event = () =>
    google()
      .events()
      .find((candidate) => candidate.summary === text);
  expect(event()?.start.dateTime).toContain('2031-05-20T09:00');

  const view = area.getByRole('link', { name: /View Event/ });
  await expect(view).toHaveAttribute('target', '_blank');
  const [popup] = await Promise.all([page.waitForEvent('popup'), view.click()]);
  await expect(popup.getByRole('heading', { name: text })).toBeVisible();
  await popup.close();

  // The change reaches Google through the background job, not the request: poll the calendar.
  await page.getByLabel('Due date', { exact: true }).fill('2031-06-02');
  await expect.poll(() => event()?.start.dateTime, { timeout: 15_000 }).toContain('2031-06-02T09:00');
  await expect(area.getByText('Synced to Calendar')).toBeVisible();
});

test('refusing on the consent page says so on the callback screen and goes back', async ({
  page,
  server,
}) => {
  await signInToWorkspace(page, server);
  const settings = await openCalendarSettings(page);
  await settings.getByRole('button', { name: 'Connect Google Calendar' }).click();
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByRole('alert')).toHaveText('OAuth error: access_denied');
  await expect(page.getByRole('heading', { name: 'Calendar not connected' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Go back now' })).toBeVisible();
  // After 3 s, back where the connection started, with nothing connected.
  const back = page.getByRole('dialog', { name: 'Settings' });
  await expect(back.getByText('No calendar is connected yet.')).toBeVisible({ timeout: 15_000 });
});

test('the callback screen and a link without code or state pass axe', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  await page.goto('/?code=only-a-code');
  await expect(page.getByRole('alert')).toHaveText('Missing OAuth parameters');
  await expectNoBlockingAxeViolations(page);
  // A state this server never issued, at Google's callback path (the server refuses it).
  await page.goto('/oauth/google/callback?code=abc&state=not-issued-here');
  await expect(page.getByRole('alert')).toHaveText('Invalid OAuth state');
  // Not clicked: on a loaded machine the screen's own return (3 s) can win the race with the click.
  await expect(page.getByRole('link', { name: 'Go back now' })).toHaveAttribute('href', '/app');
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible({ timeout: 15_000 });
});

test('with Google and Outlook connected, a task synced to one can still be added to the other', async ({
  page,
  server,
}) => {
  // Two consent round trips, each with the callback screen's 2 s pause.
  test.slow();
  await signInToWorkspace(page, server);
  const text = `Team offsite ${Date.now()}`;
  const task = await seedTask(page, text, '2031-09-08');

  for (const [button, name, callbackPath] of [
    ['Connect Google Calendar', 'Google Calendar', /\/oauth\/google\/callback\?/],
    ['Connect Outlook', 'Outlook', /\/oauth\/microsoft\/callback\?/],
  ] as const) {
    const settings = await openCalendarSettings(page);
    await settings.getByRole('button', { name: button }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    // Each provider answers at its own redirect path.
    await expect(page).toHaveURL(callbackPath);
    await expect(page.getByRole('status')).toHaveText('Calendar connected successfully!');
    const back = page.getByRole('dialog', { name: 'Settings' });
    await expect(back.getByRole('list', { name: 'Connected calendars' }).getByText(name)).toBeVisible({
      timeout: 15_000,
    });
    await page.keyboard.press('Escape');
  }

  await openTask(page, task);
  const area = page.getByRole('region', { name: 'Calendar Integration' });
  await area.getByRole('button', { name: 'Add to Calendar' }).click();
  await page.getByRole('menuitem', { name: /Sync to Google Calendar/ }).click();
  await expect(area.getByText('Synced to Calendar')).toHaveCount(1);

  // The Add button stays for the calendar that does not have the task yet, and offers only it.
  await area.getByRole('button', { name: 'Add to Calendar' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Download .ics File', /Sync to Outlook/]);
  await page.getByRole('menuitem', { name: /Sync to Outlook/ }).click();
  await expect(area.getByText('Synced to Calendar')).toHaveCount(2);
  await expect(area.getByRole('button', { name: 'Add to Calendar' })).toHaveCount(0);
  expect(
    fakes()
      .microsoft.events()
      .some((event) => event.subject === text),
  ).toBe(true);
  expect(
    google()
      .events()
      .some((event) => event.summary === text),
  ).toBe(true);
});
