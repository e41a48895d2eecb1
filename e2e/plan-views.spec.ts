import type { Page } from '@playwright/test';
import { expect, type JotlistServer, test } from './fixtures.ts';
import { dragOnto, signInToWorkspace } from './notes-helpers.ts';

/**
 * Today and Upcoming across lists, and a list shown full width and worked from the keyboard, against
 * the real server. The browser and the account both read days in UTC, so "today" is one day for both.
 */
test.use({ viewport: { width: 1440, height: 900 }, timezoneId: 'UTC' });

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function api<T>(page: Page, server: JotlistServer, path: string, body: object): Promise<T> {
  const response = await page.request.post(`${server.baseURL}${path}`, {
    data: body,
    headers: { origin: server.baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

async function seed(page: Page, server: JotlistServer) {
  const todo = await api<{ id: string }>(page, server, '/api/todos', { title: 'Home' });
  const category = await api<{ id: string }>(page, server, '/api/categories', {
    todoId: todo.id,
    title: 'Chores',
  });
  const task = (text: string, extra: object) =>
    api(page, server, '/api/tasks', { todoId: todo.id, categoryId: category.id, text, ...extra });
  await task('Pay the old bill', { dueDate: dayFromToday(-2) });
  await task('Buy bread', { dueDate: dayFromToday(0) });
  await task('Morning run', { dueDate: dayFromToday(0), dueTime: '07:00' });
  await task('Dentist', { dueDate: dayFromToday(3) });
}

const tasks = (page: Page) => page.getByRole('region', { name: 'Tasks' });

test('Today and Upcoming across lists; reschedule from the keyboard; a list worked by keys', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  await signInToWorkspace(page, server);
  await seed(page, server);
  // The workspace read its tree before the tasks were made through the API.
  await page.reload();
  await page.getByRole('tab', { name: 'Todos' }).click();

  // Today: the overdue task first, then today's, the timed one before the all-day one, with their list.
  await page.getByRole('button', { name: 'Today 3' }).click();
  await expect(tasks(page).getByRole('heading', { name: 'Today', level: 2 })).toBeVisible();
  await expect(tasks(page).getByRole('list', { name: 'Overdue' }).getByRole('listitem')).toHaveText([
    /Pay the old bill.*Home › Chores/,
  ]);
  await expect(tasks(page).getByRole('list', { name: 'Today' }).getByRole('listitem')).toHaveText([
    /Morning run/,
    /Buy bread/,
  ]);

  // Upcoming: today, tomorrow and each later day; moving Buy bread to tomorrow by its day control.
  await page.getByRole('button', { name: 'Upcoming 3' }).click();
  await expect(tasks(page).getByRole('heading', { name: 'Tomorrow' })).toBeVisible();
  await tasks(page).getByLabel('Move to day: Buy bread').selectOption({ label: 'Tomorrow' });
  await expect(tasks(page).getByRole('list', { name: 'Tomorrow' })).toContainText('Buy bread');
  await expect(page.getByRole('status').filter({ hasText: 'Due date changed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Today 2' })).toBeVisible({ timeout: 15_000 });
  // With the mouse: Dentist dragged onto tomorrow.
  const dentist = tasks(page).getByRole('listitem').filter({ hasText: 'Dentist' }).locator(':scope > div');
  const tomorrow = tasks(page).getByRole('region', { name: 'Tomorrow' });
  await dragOnto(page, dentist, tomorrow.getByRole('heading', { name: 'Tomorrow' }));
  await expect(tomorrow.getByRole('list', { name: 'Tomorrow' })).toContainText('Dentist');

  // A list fills the content area; j/k move, x completes, Enter opens, Escape comes back to the row.
  await page.getByRole('button', { name: 'Home', exact: true }).click();
  await page.getByRole('button', { name: 'Chores', exact: true }).click();
  const list = tasks(page).getByRole('list', { name: 'Tasks of Chores' });
  await expect(list.getByRole('listitem')).toHaveCount(4);
  const row = (name: string) => list.getByRole('button', { name, exact: true });
  await row('Pay the old bill').focus();
  await page.keyboard.press('j');
  await expect(row('Buy bread')).toBeFocused();
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(row('Buy bread')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(row('Morning run')).toBeFocused();
  await page.keyboard.press('x');
  await expect(row('Morning run')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Today 1' })).toBeVisible({ timeout: 15_000 });

  await row('Buy bread').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Task title')).toHaveValue('Buy bread');
  await expect(page.getByRole('heading', { name: 'Home Chores', level: 2 })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(row('Buy bread')).toBeFocused();
});

test('Today lists the latest overdue tasks first and shows the rest on request', async ({ page, server }) => {
  test.setTimeout(120_000);
  await signInToWorkspace(page, server);
  const todo = await api<{ id: string }>(page, server, '/api/todos', { title: 'Backlog' });
  // 53 overdue tasks, Late 1 due yesterday, Late 2 the day before, and so on: one page and 3 more.
  for (let n = 1; n <= 53; n++) {
    await api(page, server, '/api/tasks', { todoId: todo.id, text: `Late ${n}`, dueDate: dayFromToday(-n) });
  }
  await page.reload();
  await page.getByRole('tab', { name: 'Todos' }).click();
  // The sidebar counts every overdue task, not the page.
  await page.getByRole('button', { name: 'Today 53' }).click();
  const overdue = tasks(page).getByRole('list', { name: 'Overdue' });
  await expect(overdue.getByRole('listitem')).toHaveCount(50);
  await expect(overdue.getByRole('listitem').first()).toContainText('Late 1');
  await expect(overdue.getByRole('listitem').last()).toContainText('Late 50');

  const more = tasks(page).getByRole('button', { name: 'Show 3 more overdue' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(overdue.getByRole('listitem')).toHaveCount(53);
  await expect(overdue.getByRole('listitem').last()).toContainText('Late 53');
  await expect(more).toHaveCount(0);
  // Focus goes on to the first task the page brought.
  await expect(overdue.getByRole('button', { name: 'Late 51', exact: true })).toBeFocused();
});

test('Upcoming shows a repeating task on each of its later days, an overdue one too', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  await signInToWorkspace(page, server);
  const todo = await api<{ id: string }>(page, server, '/api/todos', { title: 'Routines' });
  // Due yesterday (overdue) and every 3 days: its later days in Upcoming are today+2, +5, +8 and +11.
  await api(page, server, '/api/tasks', {
    todoId: todo.id,
    text: 'Water plants',
    dueDate: dayFromToday(-1),
    repeat: { rule: 'FREQ=DAILY;INTERVAL=3', mode: 'fixed' },
  });
  await page.reload();
  await page.getByRole('tab', { name: 'Todos' }).click();
  await page.getByRole('button', { name: /^Upcoming/ }).click();
  const later = tasks(page).getByRole('listitem').filter({ hasText: 'Water plants' });
  await expect(later).toHaveCount(4);
  await expect(later.first()).toContainText('Later occurrence');
  // A later occurrence is for planning: it is completed through the current one, in Today.
  await expect(later.first().getByRole('checkbox', { name: 'Complete Water plants' })).toBeDisabled();
  const days = await tasks(page)
    .getByRole('region')
    .filter({ has: page.getByRole('listitem').filter({ hasText: 'Water plants' }) })
    .getByRole('heading')
    .allTextContents();
  expect(days).toHaveLength(4);
});

test('Upcoming brings a busy fortnight a few days at a time: as its end scrolls near, and on request', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  await signInToWorkspace(page, server);
  const todo = await api<{ id: string }>(page, server, '/api/todos', { title: 'Busy' });
  // A hundred tasks today fill the first page, a hundred in two days the second; the task in five days
  // comes with the third.
  for (const [days, name] of [
    [0, 'Errand'],
    [2, 'Chore'],
  ] as const) {
    for (let n = 1; n <= 100; n++) {
      await api(page, server, '/api/tasks', {
        todoId: todo.id,
        text: `${name} ${n}`,
        dueDate: dayFromToday(days),
      });
    }
  }
  await api(page, server, '/api/tasks', {
    todoId: todo.id,
    text: 'Renew passport',
    dueDate: dayFromToday(5),
  });
  await page.reload();
  await page.getByRole('tab', { name: 'Todos' }).click();
  await page.getByRole('button', { name: 'Upcoming 201' }).click();
  await expect(tasks(page).getByRole('list', { name: 'Today' }).getByRole('listitem')).toHaveCount(100);
  const more = tasks(page).getByRole('button', { name: 'Show more days' });
  await expect(more).toBeVisible();
  await expect(tasks(page).getByRole('button', { name: 'Chore 1', exact: true })).toHaveCount(0);

  // Scrolled near, the button loads the next days by itself.
  await more.scrollIntoViewIfNeeded();
  await expect(tasks(page).getByRole('button', { name: 'Chore 1', exact: true })).toHaveCount(1);
  await expect(tasks(page).getByText('Renew passport')).toHaveCount(0);

  // From the keyboard, once the next hundred have pushed the button far below.
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(tasks(page).getByRole('listitem').filter({ hasText: 'Renew passport' })).toHaveCount(1);
  await expect(more).toHaveCount(0);
});
