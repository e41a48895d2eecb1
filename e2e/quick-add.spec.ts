import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { nameNewRow, signInToWorkspace } from './notes-helpers.ts';

/**
 * docs/PRODUCT.md §10.4 in a real browser: the task list's `Add a task` box reads a date and a priority in the
 * text, shows what it understood, and creates the task with them in one go; new rows are named in place.
 */

test.use({ viewport: { width: 1440, height: 900 }, timezoneId: 'America/New_York' });

const tasksPane = (page: Page) => page.getByRole('region', { name: 'Tasks' });
const taskRow = (page: Page, text: string) =>
  tasksPane(page)
    .locator('li > div')
    .filter({ has: page.getByRole('button', { name: text, exact: true }) });

/** A todo `Home` with a category `Bills`, selected; both named as they are created. */
async function openBills(page: Page) {
  await page.getByRole('tab', { name: 'Todos' }).click();
  await page.getByRole('button', { name: 'New todo' }).click();
  await nameNewRow(page, 'todo', 'New Todo', 'Home');
  await page.getByRole('button', { name: 'New category' }).click();
  await nameNewRow(page, 'category', 'New Category', 'Bills');
  await expect(page.getByText('No active tasks')).toBeVisible();
}

/** Tomorrow in the browser's own time zone, as the chip says it and as a date input holds it. */
const tomorrowInBrowser = (page: Page) =>
  page.evaluate(() => {
    const day = new Date();
    day.setDate(day.getDate() + 1);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      chip: `Due ${day.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' })}`,
      iso: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`,
    };
  });

test('quick add: "Pay rent tomorrow !high" is Pay rent, due tomorrow, High, also after a reload', async ({
  page,
  server,
}) => {
  await signInToWorkspace(page, server);
  await openBills(page);
  const tomorrow = await tomorrowInBrowser(page);

  const box = page.getByLabel('Add a task');
  await box.click();
  await expect(page.getByText('p1 (urgent) to p4 (low)')).toBeVisible();
  await box.fill('Pay rent tomorrow !high');
  // What it understood, before adding, in a polite live region.
  const chips = page.getByText('Will add').locator('..');
  await expect(chips).toContainText(tomorrow.chip);
  await expect(chips).toContainText('High');
  await expect(chips.locator('xpath=..')).toHaveAttribute('aria-live', 'polite');
  await box.press('Enter');

  const row = taskRow(page, 'Pay rent');
  await expect(row).toBeVisible();
  await expect(row).toContainText('Tomorrow');
  await expect(row).toContainText('High');
  // Ready for the next one: empty and still focused.
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
  await page.keyboard.type('Call the bank p1');
  await page.keyboard.press('Enter');
  await expect(taskRow(page, 'Call the bank')).toContainText('Urgent');
  await expect(box).toBeFocused();

  await page.reload();
  await expect(taskRow(page, 'Pay rent')).toContainText('Tomorrow');
  await expect(taskRow(page, 'Pay rent')).toContainText('High');
  await tasksPane(page).getByRole('button', { name: 'Pay rent', exact: true }).click();
  await expect(page.getByLabel('Task title')).toHaveValue('Pay rent');
  await expect(page.getByLabel('Due date', { exact: true })).toHaveValue(tomorrow.iso);
  await expect(page.getByRole('button', { name: 'High' })).toHaveAttribute('aria-pressed', 'true');
});

test('quick add: a dismissed chip keeps its words in the title; words alone ask for a name', async ({
  page,
  server,
}) => {
  await signInToWorkspace(page, server);
  await openBills(page);
  const box = page.getByLabel('Add a task');

  await box.fill('tomorrow !high');
  await box.press('Enter');
  await expect(page.getByText('Type a name for the task as well')).toBeVisible();
  await expect(box).toHaveValue('tomorrow !high');

  await box.fill('Read the Friday report p2');
  await page.getByRole('button', { name: 'Keep "Friday" in the title' }).click();
  await expect(box).toBeFocused();
  await expect(page.getByText('Will add').locator('..')).not.toContainText('Due');
  await box.press('Enter');
  const row = taskRow(page, 'Read the Friday report');
  await expect(row).toContainText('High');
  await expect(row).not.toContainText('Due');
});

test('a new task opens named in place: its title is selected for typing', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  await openBills(page);
  await page.getByRole('button', { name: 'New task' }).click();
  const title = page.getByLabel('Task title');
  await expect(title).toBeFocused();
  await expect(title).toHaveValue('New Task');
  // Escape keeps the default name.
  await page.keyboard.press('Escape');
  await expect(title).toHaveValue('New Task');
  await title.selectText();
  await page.keyboard.type('Renew passport');
  await page.keyboard.press('Enter');
  await expect(tasksPane(page).getByRole('button', { name: 'Renew passport', exact: true })).toBeVisible();
});
