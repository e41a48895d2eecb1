import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Journey helpers for connected calendars: data through the API, screens through the UI. */

export interface SeededTask {
  id: string;
  todoId: string;
  categoryId: string;
  text: string;
}

/** A to-do list with one task due on `dueDate`, made with the browser's own session. */
export async function seedTask(page: Page, text: string, dueDate: string): Promise<SeededTask> {
  const todo = await (await page.request.post('/api/todos', { data: { title: 'Errands' } })).json();
  const task = await (await page.request.post('/api/tasks', { data: { todoId: todo.id, text } })).json();
  const dated = await page.request.patch(`/api/tasks/${task.id}`, { data: { dueDate, estimatedTime: 30 } });
  expect(dated.status()).toBe(200);
  return { id: task.id, todoId: todo.id, categoryId: task.categoryId, text };
}

/** Opens the task's panel through the workspace's deep link (docs/PRODUCT.md §2: todo, category and item). */
export async function openTask(page: Page, task: SeededTask) {
  await page.goto(`/app?todo=${task.todoId}&category=${task.categoryId}&item=${task.id}`);
  await expect(page.getByRole('heading', { name: 'Calendar Integration' })).toBeVisible();
}

/** Settings → Calendars, from the workspace. */
export async function openCalendarSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Calendars' }).click();
  await expect(settings.getByRole('heading', { name: 'Connected calendars' })).toBeVisible();
  return settings;
}

/** Axe on what is on screen now: no serious or critical violation. */
export async function expectNoBlockingAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const axe = await (include ? builder.include(include) : builder).analyze();
  const blocking = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
