import { AxeBuilder } from '@axe-core/playwright';
import ICAL from 'ical.js';
import { expect, test } from './fixtures.ts';
import { signInToWorkspace } from './notes-helpers.ts';

/**
 * The private calendar feed in a real browser: turn it on in Settings → Calendars, copy the link, and
 * fetch it as a calendar app would (no session), finding the task with a due date as an event at 09:00.
 */

test.use({ viewport: { width: 1440, height: 900 } });

test('turn on the calendar feed, copy its link and find a task in it', async ({
  page,
  context,
  request,
  server,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
  await signInToWorkspace(page, server);

  // A task with a due date, made through the API with the browser's own session.
  const todo = await (await page.request.post('/api/todos', { data: { title: 'Errands' } })).json();
  const task = await (
    await page.request.post('/api/tasks', { data: { todoId: todo.id, text: 'Renew passport' } })
  ).json();
  const dated = await page.request.patch(`/api/tasks/${task.id}`, {
    data: { dueDate: '2031-05-20', estimatedTime: 30 },
  });
  expect(dated.status()).toBe(200);

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Calendars' }).click();
  const toggle = settings.getByRole('switch', { name: 'Private calendar feed' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  const link = settings.getByRole('textbox', { name: 'Calendar link' });
  await expect(link).toHaveValue(/^webcal:\/\/.+\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);

  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  const blocking = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => v.id)).toEqual([]);

  await settings.getByRole('button', { name: 'Copy link' }).click();
  await expect(settings.getByText('Link copied!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await link.inputValue());

  // A calendar app has no session: Playwright's own request context (none of the page's cookies), the
  // webcal:// link read as http://.
  const feedUrl = new URL(copied.replace(/^webcal:/, 'http:'));
  const response = await request.get(feedUrl.pathname);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  const event = events.find((candidate) => candidate.summary === 'Renew passport');
  expect(event?.startDate.toString()).toBe('2031-05-20T09:00:00');
  expect(event?.endDate.toString()).toBe('2031-05-20T09:30:00');

  // The same body again is a 304 for a client that kept the ETag.
  const again = await request.get(feedUrl.pathname, {
    headers: { 'if-none-match': response.headers().etag ?? '' },
  });
  expect(again.status()).toBe(304);
});
