import type { Page } from '@playwright/test';
import type { Task } from '../src/shared/schemas/task.ts';
import { seriousViolations } from './a11y-helpers.ts';
import { expect, test } from './fixtures.ts';
import { nameNewRow, signInToWorkspace } from './notes-helpers.ts';

/**
 * A repeating task in a real browser: quick add reads "every monday" (a chip says so before Enter), the
 * row carries the repeat icon, completing it moves it to the next Monday and leaves it open, the History
 * lists the completed occurrence, and the panel's Repeat select sets "Every weekday".
 */

test.use({ viewport: { width: 1440, height: 900 } });

const tasksPane = (page: Page) => page.getByRole('region', { name: 'Tasks' });
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('quick add every monday, complete it, see the next Monday and the history', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  await page.getByRole('tab', { name: 'Todos' }).click();
  await page.getByRole('button', { name: 'New todo' }).click();
  await nameNewRow(page, 'todo', 'New Todo', 'Home');
  await page.getByRole('button', { name: 'New category' }).click();
  await nameNewRow(page, 'category', 'New Category', 'Garden');

  const box = page.getByLabel('Add a task');
  await box.click();
  await box.fill('water plants every monday');
  await expect(page.getByText('Will add').locator('..')).toContainText('Repeats every Monday');
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/tasks'),
  );
  await box.press('Enter');
  const task = (await (await created).json()) as Task;
  expect(new Date(`${task.dueDate}T00:00:00Z`).getUTCDay()).toBe(1);

  const pane = tasksPane(page);
  await expect(pane.getByRole('button', { name: 'water plants', exact: true })).toBeVisible();
  await expect(pane.getByRole('img', { name: 'Repeats every Monday' })).toBeVisible();

  // A click, not check(): the box stays unticked, the task moves on.
  await pane.getByRole('checkbox', { name: 'Complete water plants' }).click();
  const next = plusDays(task.dueDate ?? '', 7);
  await expect(page.getByText(`Done, next on ${next}`)).toBeVisible({ timeout: 15_000 });
  // Still open, in the active list.
  await expect(pane.getByRole('checkbox', { name: 'Complete water plants' })).not.toBeChecked();

  await pane.getByRole('button', { name: 'water plants', exact: true }).click();
  await page.getByText('History', { exact: true }).click();
  await expect(page.getByText(`${task.dueDate}: completed`)).toBeVisible({ timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);

  const repeat = page.getByRole('combobox', { name: 'Repeat', exact: true });
  await expect(repeat).toHaveValue('weekly');
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.ok());
  await repeat.selectOption({ label: 'Every weekday' });
  await saved;
  await expect(page.getByText('Repeats every weekday', { exact: true })).toBeVisible();
  await page.reload();
  await tasksPane(page).getByRole('button', { name: 'water plants', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Repeat', exact: true })).toHaveValue('weekdays');
});
