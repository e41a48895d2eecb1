import type { Page } from '@playwright/test';
import { seriousViolations } from './a11y-helpers.ts';
import { expect, test } from './fixtures.ts';
import { nameNewRow, signInToWorkspace } from './notes-helpers.ts';

/**
 * Labels in a real browser: one made from a task's picker shows as a chip on the row, the sidebar's
 * Labels opens the tasks with it across lists, a category's list filters by it, and quick add reads
 * `#errands`. The new controls pass axe.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const tasksPane = (page: Page) => page.getByRole('region', { name: 'Tasks' });
const taskRow = (page: Page, text: string) =>
  tasksPane(page)
    .locator('li > div')
    .filter({ has: page.getByRole('button', { name: text, exact: true }) });
const labelsSection = (page: Page) => page.getByRole('list', { name: 'Labels' }).first();

async function addTask(page: Page, text: string) {
  const box = page.getByLabel('Add a task');
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

test('a label from the picker: chip, label view, filter, and quick add #errands', async ({
  page,
  server,
}) => {
  // A long journey with two axe runs: more than the default 30 s on a busy two-core machine.
  test.setTimeout(90_000);
  await signInToWorkspace(page, server);
  await page.getByRole('tab', { name: 'Todos' }).click();
  await page.getByRole('button', { name: 'New todo' }).click();
  await nameNewRow(page, 'todo', 'New Todo', 'Home');
  await page.getByRole('button', { name: 'New category' }).click();
  await nameNewRow(page, 'category', 'New Category', 'Bills');
  await addTask(page, 'Buy bread');
  await addTask(page, 'Pay rent');

  // The picker: type a new name, Enter creates the label and puts it on the task.
  await tasksPane(page).getByRole('button', { name: 'Buy bread', exact: true }).click();
  await page.getByRole('button', { name: 'Labels', exact: true }).click();
  const search = page.getByLabel('Find or create a label');
  await search.fill('errands');
  await search.press('Enter');
  await expect(page.getByRole('checkbox', { name: 'errands' })).toBeChecked();
  await expect(taskRow(page, 'Buy bread')).toContainText('errands');
  await expect(taskRow(page, 'Pay rent')).not.toContainText('errands');
  expect(await seriousViolations(page)).toEqual([]);

  // The sidebar's label: its tasks across lists, with their list and category.
  await expect(labelsSection(page).getByText('1', { exact: true })).toBeVisible();
  await labelsSection(page).getByRole('button', { name: 'errands', exact: true }).click();
  const labelled = page.getByRole('list', { name: 'Tasks labelled errands' });
  await expect(labelled).toContainText('Buy bread');
  await expect(labelled).toContainText('Home › Bills');
  await expect(labelled).not.toContainText('Pay rent');
  // Today's rows and keys: x completes the focused task and x again reopens it.
  await labelled.getByRole('button', { name: 'Buy bread', exact: true }).focus();
  await page.keyboard.press('x');
  await expect(labelled.getByRole('checkbox', { name: 'Complete Buy bread' })).toBeChecked();
  await page.keyboard.press('x');
  await expect(labelled.getByRole('checkbox', { name: 'Complete Buy bread' })).not.toBeChecked();

  // Back to the list, filtered by the label, then cleared.
  await page.getByRole('button', { name: 'Bills', exact: true }).click();
  await expect(taskRow(page, 'Pay rent')).toBeVisible();
  await tasksPane(page).getByRole('button', { name: 'Filters' }).click();
  await tasksPane(page).getByLabel('Label', { exact: true }).selectOption({ label: 'errands' });
  await expect(taskRow(page, 'Buy bread')).toBeVisible();
  await expect(taskRow(page, 'Pay rent')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await tasksPane(page).getByRole('button', { name: 'Clear filters' }).click();
  await expect(taskRow(page, 'Pay rent')).toBeVisible();

  // Quick add: `#errands` is the existing label, and leaves the title.
  await addTask(page, 'Buy milk #errands');
  await expect(taskRow(page, 'Buy milk')).toContainText('errands');
  await expect(labelsSection(page).getByText('2', { exact: true })).toBeVisible();
});
