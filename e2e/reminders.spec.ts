import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { signActionToken } from '../src/server/modules/reminders/action-token.ts';
import type { ReminderPushPayload } from '../src/shared/schemas/reminder.ts';
import { seriousViolations } from './a11y-helpers.ts';
import { expect, type JotlistServer, test } from './fixtures.ts';
import { signInToWorkspace } from './notes-helpers.ts';

/**
 * A reminder reaching an open app: the service worker registered by the app receives a push (delivered
 * through Chromium's DevTools protocol: the real push service is Google's, out of reach offline), shows
 * the notification with its three buttons and tells the open tab, whose notice completes the task with
 * the notification's token.
 */

test.use({ viewport: { width: 1280, height: 900 } });
// A service worker to install and two axe runs: more than a plain journey on a loaded machine.
test.setTimeout(60_000);

/** Same-origin JSON from inside the page (the session cookie and Origin the server expects). */
const api = (page: Page, method: string, path: string, body?: object) =>
  page.evaluate(
    async ([m, p, b]) => {
      const response = await fetch(p as string, {
        method: m as string,
        headers: { 'content-type': 'application/json' },
        body: b ? JSON.stringify(b) : null,
      });
      return (await response.json()) as Record<string, unknown>;
    },
    [method, path, body] as const,
  );

/**
 * Signs in, makes a task due on 2030-01-01, registers the app's service worker and returns a way to
 * push that task's reminder to it through the DevTools protocol (with a real action token).
 */
async function pushableReminder(page: Page, context: BrowserContext, server: JotlistServer) {
  await context.grantPermissions(['notifications'], { origin: server.baseURL });
  await signInToWorkspace(page, server);
  const todo = await api(page, 'POST', '/api/todos', {});
  const task = await api(page, 'POST', '/api/tasks', {
    todoId: todo.id,
    text: 'Water the plants',
    dueDate: '2030-01-01',
  });
  const session = await api(page, 'GET', '/api/auth/session');
  const userId = (session.user as { id: string }).id;

  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const active = versions.find((v) => v.scriptURL.endsWith('/sw.js') && v.status === 'activated');
      if (active) resolve(active.registrationId);
    });
  });
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js'));
  const registrationId = await registered;
  await page.evaluate(() => navigator.serviceWorker.ready);

  const secretKey = Buffer.from(readFileSync(join(server.dataDir, 'secret.key'), 'utf8').trim(), 'hex');
  const payload: ReminderPushPayload = {
    taskId: String(task.id),
    title: 'Water the plants',
    body: 'Due Wed 1 Jan',
    due: '2030-01-01T09:00:00.000Z',
    late: false,
    token: signActionToken(secretKey, { taskId: String(task.id), userId }, new Date()),
    url: `/app?todo=${task.todoId}&category=${task.categoryId}&item=${task.id}`,
    actions: [],
  };
  const push = () =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.baseURL,
      registrationId,
      data: JSON.stringify(payload),
    });
  return { task, push };
}

test('a pushed reminder shows a notification and its in-app notice completes the task', async ({
  page,
  context,
  server,
}) => {
  const { task, push } = await pushableReminder(page, context, server);
  await push();

  const notice = page.getByRole('status').filter({ hasText: 'Water the plants' });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  const shown = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    // Browsers show as many buttons as they can: Chromium on Linux shows two.
    const max = (Notification as unknown as { maxActions?: number }).maxActions ?? 3;
    const notifications = (await registration.getNotifications()).map((n) => ({
      title: n.title,
      tag: n.tag,
      actions: ((n as Notification & { actions?: Array<{ title: string }> }).actions ?? []).map(
        (a) => a.title,
      ),
    }));
    return { max, notifications };
  });
  expect(shown.notifications).toEqual([
    {
      title: 'Water the plants',
      tag: String(task.id),
      actions: ['Done', 'Snooze 10 min', 'Tomorrow'].slice(0, shown.max),
    },
  ]);

  expect(await seriousViolations(page)).toEqual([]);

  const done = page.waitForResponse((r) => r.url().endsWith('/api/reminders/actions') && r.status() === 200);
  await notice.getByRole('button', { name: 'Done' }).click();
  await done;
  const after = await api(page, 'GET', `/api/tasks/${task.id}`);
  expect(after.completed).toBe(true);

  // Settings → Account → Reminders: permission given, this browser not subscribed yet.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Account' }).click();
  const reminders = settings.getByRole('region', { name: 'Reminders' });
  await expect(reminders.getByRole('button', { name: 'Enable notifications' })).toBeVisible();
  await expect(reminders.getByLabel('Default reminder for new tasks')).toHaveValue('');
  expect(await seriousViolations(page)).toEqual([]);
});

/**
 * The notification's own buttons, pressed with no app page open: nothing can click an OS notification
 * from a test, so the service worker is handed the same `notificationclick` event the browser sends (on
 * the notification it showed from the push), and its own handler posts the action with the token.
 */
test("the notification's buttons act on the task without the app: Tomorrow, Snooze 10 min, Done", async ({
  page,
  context,
  server,
}) => {
  const { task, push } = await pushableReminder(page, context, server);
  const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'));
  if (!worker) throw new Error('the service worker is not running');
  // The app's tab leaves the app (the DevTools session that pushes stays): only the worker can act.
  await page.goto('about:blank');

  type Scope = {
    registration: ServiceWorkerRegistration;
    dispatchEvent(event: Event): boolean;
    NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
  };
  const shownCount = () =>
    worker.evaluate(async () => (await (self as unknown as Scope).registration.getNotifications()).length);
  const press = async (action: string) => {
    await push();
    await expect.poll(shownCount, { timeout: 15_000 }).toBe(1);
    await worker.evaluate(async (name) => {
      const scope = self as unknown as Scope;
      const [shown] = await scope.registration.getNotifications();
      if (!shown) throw new Error('no notification');
      scope.dispatchEvent(
        new scope.NotificationEvent('notificationclick', { notification: shown, action: name }),
      );
    }, action);
  };
  const read = async () =>
    (await (await page.request.get(`${server.baseURL}/api/tasks/${task.id}`)).json()) as {
      dueDate: string;
      completed: boolean;
    };
  const reminderKinds = async () => {
    const response = await page.request.get(`${server.baseURL}/api/tasks/${task.id}/reminders`);
    return ((await response.json()) as { reminders: Array<{ kind: string }> }).reminders.map((r) => r.kind);
  };

  await press('tomorrow');
  await expect.poll(async () => (await read()).dueDate).toBe('2030-01-02');
  await press('snooze10');
  await expect.poll(reminderKinds).toContain('snooze');
  await press('done');
  await expect.poll(async () => (await read()).completed).toBe(true);
  // Each press closed the notification it was on.
  expect(await shownCount()).toBe(0);
});
