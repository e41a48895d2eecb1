import type { Page } from '@playwright/test';
import { seriousViolations } from './a11y-helpers.ts';
import { expect, test } from './fixtures.ts';
import { nameNewRow, signInToWorkspace } from './notes-helpers.ts';

/**
 * A task's due time and description in a real browser: quick add reads "tomorrow 5pm", the chip shows
 * 17:00 before Enter, the task panel shows the time, a description typed in the Markdown editor is saved
 * as typed, and both are there after a reload.
 */

test.use({ viewport: { width: 1440, height: 900 }, timezoneId: 'America/New_York' });

const tasksPane = (page: Page) => page.getByRole('region', { name: 'Tasks' });

async function openBills(page: Page) {
  await page.getByRole('tab', { name: 'Todos' }).click();
  await page.getByRole('button', { name: 'New todo' }).click();
  await nameNewRow(page, 'todo', 'New Todo', 'Home');
  await page.getByRole('button', { name: 'New category' }).click();
  await nameNewRow(page, 'category', 'New Category', 'Bills');
  await expect(page.getByText('No active tasks')).toBeVisible();
}

test('a due time from quick add and a Markdown description survive a reload', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  await openBills(page);

  const box = page.getByLabel('Add a task');
  await box.click();
  await box.fill('Pay rent tomorrow 5pm !high');
  const chips = page.getByText('Will add').locator('..');
  await expect(chips).toContainText('17:00');
  await expect(chips).toContainText('High');
  await box.press('Enter');

  const title = tasksPane(page).getByRole('button', { name: 'Pay rent', exact: true });
  await expect(title).toBeVisible();
  await title.click();
  await expect(page.getByLabel('Task title')).toHaveValue('Pay rent');
  await expect(page.getByLabel('Due time', { exact: true })).toHaveValue('17:00');
  await expect(page.getByRole('article').getByText('Tomorrow 17:00')).toBeVisible();

  const description = page.getByRole('textbox', { name: 'Description' });
  // Saved after a pause in typing, without leaving the editor.
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' &&
      (response.request().postData() ?? '').includes('Call the landlord first'),
  );
  await description.click();
  await page.keyboard.type('Call the landlord first');
  expect((await saved).ok()).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  await page.reload();
  await tasksPane(page).getByRole('button', { name: 'Pay rent', exact: true }).click();
  await expect(page.getByLabel('Due time', { exact: true })).toHaveValue('17:00');
  await expect(page.getByRole('textbox', { name: 'Description' })).toContainText('Call the landlord first');
});
