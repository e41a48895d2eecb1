import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ICAL from 'ical.js';
import { expect, test } from './fixtures.ts';
import { dragOnto, nameNewRow, signInToWorkspace } from './notes-helpers.ts';

/**
 * The todos side of the workspace in a real browser against the real server: building a todo, the
 * completion rule, drag and drop, the .ics file parsed back with a real iCalendar parser, deep links.
 */

// A fixed zone so "09:00 on the due date" has one known UTC instant (January: UTC−5).
test.use({ viewport: { width: 1440, height: 900 }, timezoneId: 'America/New_York' });

const tasksPane = (page: Page) => page.getByRole('region', { name: 'Tasks' });
const taskRows = (page: Page) => tasksPane(page).locator('li > div');

async function openTodos(page: Page) {
  await page.getByRole('tab', { name: 'Todos' }).click();
  await expect(page.getByRole('button', { name: 'New todo' })).toBeEnabled();
}

async function createTodo(page: Page, title: string) {
  await page.getByRole('button', { name: 'New todo' }).click();
  await nameNewRow(page, 'todo', 'New Todo', title);
}

async function createCategory(page: Page, title: string) {
  await page.getByRole('button', { name: 'New category' }).click();
  await nameNewRow(page, 'category', 'New Category', title);
}

/**
 * Ticks a checkbox and waits until it shows ticked. The cache change behind it reaches the screen a
 * tick after the click (TanStack Query batches its notifications), so `check()`'s immediate read can
 * lose the race on a loaded machine.
 */
async function tick(page: Page, label: string) {
  await page.getByLabel(label).click();
  await expect(page.getByLabel(label)).toBeChecked();
}

/** Creates a task in the selected category and titles it; it ends open in the panel. */
async function createTask(page: Page, text: string) {
  await page.getByRole('button', { name: 'New task' }).click();
  // Created and named in one go: the title is focused with `New Task` selected, so typing replaces it.
  await expect(page.getByLabel('Task title')).toHaveValue('New Task');
  await expect(page.getByLabel('Task title')).toBeFocused();
  await page.keyboard.type(text);
  await page.getByLabel('Task title').press('Enter');
  await expect(tasksPane(page).getByRole('button', { name: text, exact: true })).toBeVisible();
}

async function addSubtask(page: Page, text: string) {
  await page.getByLabel('Add a subtask').fill(text);
  await page.getByLabel('Add a subtask').press('Enter');
  await expect(page.getByRole('list', { name: 'Subtasks' }).getByText(text)).toBeVisible();
}

/** Home > Chores with "Clean the kitchen" (two subtasks, High, 1h 30m, due 2031-01-15), and Errands. */
async function buildKitchenTask(page: Page) {
  await openTodos(page);
  await createTodo(page, 'Home');
  await createCategory(page, 'Chores');
  await createCategory(page, 'Errands');
  await page.getByRole('button', { name: 'Chores', exact: true }).click();
  await expect(page.getByText('No active tasks')).toBeVisible();
  await createTask(page, 'Clean the kitchen');
  await addSubtask(page, 'Wipe counters');
  await addSubtask(page, 'Do the dishes');
  await page.getByRole('button', { name: 'High' }).click();
  await expect(page.getByRole('button', { name: 'High' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Hours').fill('1');
  await page.getByLabel('Minutes').fill('30');
  await page.getByLabel('Minutes').press('Enter');
  await page.getByLabel('Due date').fill('2031-01-15');
  const row = taskRows(page).first();
  await expect(row).toContainText('1h 30m');
  await expect(row).toContainText('High');
  await expect(row).toContainText('Jan 15');
  await expect(row).toContainText('0%');
}

test('build a todo with categories, tasks and subtasks; completion waits for the subtasks', async ({
  page,
  server,
}) => {
  await signInToWorkspace(page, server);
  await openTodos(page);
  await expect(page.getByText('Select a category')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New task' })).toBeDisabled();
  await buildKitchenTask(page);

  // A blank subtask is refused.
  await page.getByLabel('Add a subtask').fill('   ');
  await page.getByLabel('Add a subtask').press('Enter');
  await expect(page.getByRole('list', { name: 'Subtasks' }).getByRole('listitem')).toHaveCount(2);

  // Completing with open subtasks is refused: warning, highlighted subtasks, Task Details open.
  await page.getByRole('button', { name: 'Task Details' }).click();
  await expect(page.getByLabel('Hours')).toBeHidden();
  await page.getByLabel('Mark task complete').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot mark task as complete' })).toBeVisible();
  await expect(page.getByText('Complete 2 subtask(s) first').first()).toBeVisible();
  await expect(page.locator('li[data-highlighted]')).toHaveCount(2);
  await expect(page.getByLabel('Hours')).toBeVisible();
  await expect(page.getByLabel('Mark task complete')).not.toBeChecked();
  // The highlight lasts 3 s.
  await expect(page.locator('li[data-highlighted]')).toHaveCount(0, { timeout: 4_500 });

  await tick(page, 'Complete subtask Wipe counters');
  await expect(taskRows(page).first()).toContainText('50%');
  await tick(page, 'Complete subtask Do the dishes');
  await expect(taskRows(page).first()).toContainText('100%');
  await tick(page, 'Mark task complete');
  await expect(page.getByLabel('Mark task complete')).toBeChecked();
  await expect(page.getByText('No active tasks')).toBeVisible();
  await page.getByRole('tab', { name: 'Done' }).click();
  await expect(tasksPane(page).getByRole('button', { name: 'Clean the kitchen', exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Task title')).toHaveValue('Clean the kitchen');
  await expect(page.getByLabel('Mark task complete')).toBeChecked();
  await expect(page.getByText('2/2')).toBeVisible();
});

test('drag a task to another category, reorder, and delete a category with its tasks', async ({
  page,
  server,
}) => {
  await signInToWorkspace(page, server);
  await openTodos(page);
  await createTodo(page, 'Work');
  await createCategory(page, 'Inbox');
  await createCategory(page, 'Later');
  await page.getByRole('button', { name: 'Inbox', exact: true }).click();
  await createTask(page, 'First');
  await createTask(page, 'Second');

  await dragOnto(page, taskRows(page).nth(1), taskRows(page).nth(0));
  await expect(taskRows(page).first()).toContainText('Second');

  const later = page.getByRole('button', { name: 'Later', exact: true }).locator('xpath=..');
  await dragOnto(page, taskRows(page).nth(1), later);
  await expect(taskRows(page)).toHaveCount(1);

  await page.reload();
  await page.getByRole('button', { name: 'Inbox', exact: true }).click();
  await expect(taskRows(page)).toHaveCount(1);
  await expect(taskRows(page).first()).toContainText('Second');
  await page.getByRole('button', { name: 'Later', exact: true }).click();
  await expect(tasksPane(page).getByRole('button', { name: 'First', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'More actions for Later' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('delete the category and all its tasks. This cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Later', exact: true })).toHaveCount(0);
  // Selection moved to the first remaining category.
  await expect(page.getByRole('button', { name: 'Inbox', exact: true })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test('download an .ics file and open its deep link', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  await buildKitchenTask(page);
  await tick(page, 'Complete subtask Wipe counters');
  await expect(taskRows(page).first()).toContainText('50%');

  await page.getByRole('button', { name: 'Add to Calendar' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download .ics File' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('clean-the-kitchen.ics');
  const text = await readFile(await download.path(), 'utf8');

  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
  expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Task Calendar');
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT in the file');
  const event = new ICAL.Event(vevent);
  expect(event.summary).toBe('Clean the kitchen');
  // 09:00 in New York on the due date (EST, UTC−5), lasting the 1h 30m estimate.
  expect(event.startDate.toJSDate().toISOString()).toBe('2031-01-15T14:00:00.000Z');
  expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(90 * 60_000);
  expect(vevent.getFirstPropertyValue('status')).toBe('TENTATIVE');
  expect(vevent.getFirstPropertyValue('priority')).toBe(3);
  expect(String(vevent.getFirstPropertyValue('categories'))).toContain('high');

  const lines = event.description.split('\n');
  expect(lines).toContain('Priority: high');
  expect(lines).toContain('[x] Wipe counters');
  expect(lines).toContain('[ ] Do the dishes');
  const open = lines.find((line) => line.startsWith('Open task: '));
  if (!open) throw new Error('no Open task line');
  const link = new URL(open.slice('Open task: '.length));
  expect(link.origin).toBe(server.baseURL);
  expect(link.pathname).toBe('/app');
  const taskId = link.searchParams.get('item');
  expect(event.uid).toBe(`${taskId}@jotlist`);

  // The deep link, opened from the notes view with another selection, selects that task.
  await page.getByRole('button', { name: 'Errands', exact: true }).click();
  await page.getByRole('tab', { name: 'Notes' }).click();
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByLabel('Task title')).toHaveValue('Clean the kitchen');
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('tab', { name: 'Todos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Chores', exact: true })).toHaveAttribute(
    'aria-current',
    'true',
  );

  // A link to something that does not exist is cleared and breaks nothing.
  const missing = '00000000-0000-4000-8000-00000000dead';
  await page.goto(`/app?todo=${link.searchParams.get('todo')}&category=${missing}&item=${missing}`);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByLabel('Task title')).toHaveValue('Clean the kitchen');
});
