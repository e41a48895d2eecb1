import type { Page } from '@playwright/test';
import { expect, type JotlistServer, test } from './fixtures.ts';
import { signInToWorkspace } from './notes-helpers.ts';

/**
 * Today's rows show each task's subtask progress: ticking a step in the panel beside Today updates the
 * row without a reload (the step changes nothing else Today shows).
 */
test.use({ viewport: { width: 1440, height: 900 }, timezoneId: 'UTC' });

async function post<T>(page: Page, server: JotlistServer, path: string, body: object): Promise<T> {
  const response = await page.request.post(`${server.baseURL}${path}`, {
    data: body,
    headers: { origin: server.baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

test("a subtask ticked in the panel updates Today's row", async ({ page, server }) => {
  await signInToWorkspace(page, server);
  const todo = await post<{ id: string }>(page, server, '/api/todos', { title: 'Home' });
  const today = new Date().toISOString().slice(0, 10);
  const task = await post<{ id: string }>(page, server, '/api/tasks', {
    todoId: todo.id,
    text: 'Clean the kitchen',
    dueDate: today,
  });
  for (const text of ['Dishes', 'Floor'])
    await post(page, server, `/api/tasks/${task.id}/subtasks`, { text });
  await page.reload();
  await page.getByRole('tab', { name: 'Todos' }).click();
  await page.getByRole('button', { name: 'Today 1' }).click();

  const row = page
    .getByRole('region', { name: 'Tasks' })
    .getByRole('listitem')
    .filter({ hasText: 'Clean the kitchen' });
  await expect(row.getByTitle('0 of 2 subtasks done')).toBeVisible();
  await row.getByRole('button', { name: 'Clean the kitchen', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Complete subtask Dishes' }).check();
  await expect(row.getByTitle('1 of 2 subtasks done')).toBeVisible();
});
