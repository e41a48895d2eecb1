import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, type JotlistServer, test } from './fixtures.ts';
import { signInToWorkspace } from './notes-helpers.ts';

/**
 * Every action on a phone: at 390 px with a touch screen, with taps only, a page and a task are renamed,
 * moved (the row menu's Move to…, no drag) and deleted. The rows' menu buttons show without hover.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
// Each journey signs up and walks a whole tree by taps: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

/** Makes rows through the API as the signed-in browser (its cookies), so the journey is about the taps. */
async function make<T>(page: Page, server: JotlistServer, path: string, data: object): Promise<T> {
  const response = await page.request.post(path, { data, headers: { origin: server.baseURL } });
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * The sidebar open. The workspace may open it by itself while it loads, taking the toggle away between a
 * look and a tap: tap only while it is closed, and try again until it shows.
 */
async function showSidebar(page: Page) {
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  const toggle = page.getByRole('button', { name: 'Show sidebar' });
  await expect(async () => {
    if (!(await sidebar.isVisible())) await toggle.tap({ timeout: 2_000 });
    await expect(sidebar).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Shown without hover: a touch screen has none to reveal it. */
async function expectShown(button: Locator) {
  await expect(button).toBeVisible();
  await expect(button).toHaveCSS('opacity', '1');
}

/** Holds a finger on `target` until its row menu opens, then lifts it (Playwright taps, but has no long-press). */
async function longPress(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to press');
  const touchPoints = [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints });
  await expect(page.getByRole('menu')).toBeVisible();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function auditDialog(page: Page) {
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, where: violation.nodes.slice(0, 5).map((n) => n.target) }));
  expect(blocking).toEqual([]);
}

test('rename, move and delete a page with taps', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  const notebook = await make<{ id: string }>(page, server, '/api/notebooks', { title: 'Home' });
  await make(page, server, '/api/sections', { notebookId: notebook.id, title: 'Inbox' });
  const archive = await make<{ id: string }>(page, server, '/api/sections', {
    notebookId: notebook.id,
    title: 'Archive',
  });
  const inbox = (await (await page.request.get('/api/notes/tree')).json()) as {
    notebooks: Array<{ sections: Array<{ id: string; title: string }> }>;
  };
  const inboxId = inbox.notebooks[0]?.sections.find((s) => s.title === 'Inbox')?.id;
  if (!inboxId) throw new Error('no Inbox');
  await make(page, server, '/api/notes', { sectionId: inboxId, title: 'Draft', content: 'on the bus' });
  await page.reload();

  // Open the page from the sidebar.
  await showSidebar(page);
  await page.getByRole('button', { name: 'Home', exact: true }).tap();
  await page.getByRole('button', { name: 'Inbox', exact: true }).tap();
  const pages = page.getByRole('region', { name: 'Pages' });
  await expectShown(pages.getByRole('button', { name: 'More actions for Draft' }));
  await expectShown(pages.getByRole('button', { name: 'Move page Draft' }));
  await pages.getByRole('button', { name: 'Draft', exact: true }).tap();

  // Rename: the editor's title.
  const title = page.getByLabel('Page title');
  await expect(title).toHaveValue('Draft');
  await title.tap();
  await title.fill('Bus notes');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  // Move: the page's menu, Move to…, a tap on the section, Move.
  await showSidebar(page);
  await pages.getByRole('button', { name: 'More actions for Bus notes' }).tap();
  await page.getByRole('menuitem', { name: 'Move to…' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Move page "Bus notes"' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Inbox (current)' })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Move' })).toBeDisabled();
  await auditDialog(page);
  await dialog.getByText('Archive', { exact: true }).tap();
  await dialog.getByRole('button', { name: 'Move' }).tap();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Moved page "Bus notes"')).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Bus notes', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archive', exact: true })).toHaveAttribute(
    'aria-current',
    'true',
  );
  const moved = (await (await page.request.get(`/api/sections/${archive.id}/notes`)).json()) as {
    notes: Array<{ title: string }>;
  };
  expect(moved.notes.map((n) => n.title)).toEqual(['Bus notes']);

  // Delete: the page's menu, Delete, confirmed.
  await pages.getByRole('button', { name: 'More actions for Bus notes' }).tap();
  await page.getByRole('menuitem', { name: 'Delete' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).tap();
  await expect(pages.getByRole('button', { name: 'Bus notes', exact: true })).toHaveCount(0);
  await expect(pages.getByText('No pages yet')).toBeVisible();
});

test('rename, move and delete a task with taps; Move to… passes axe in the dark theme', async ({
  page,
  server,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInToWorkspace(page, server);
  const todo = await make<{ id: string }>(page, server, '/api/todos', { title: 'Chores' });
  const today = await make<{ id: string }>(page, server, '/api/categories', {
    todoId: todo.id,
    title: 'Today',
  });
  await make(page, server, '/api/categories', { todoId: todo.id, title: 'Later' });
  await make(page, server, '/api/tasks', { todoId: todo.id, categoryId: today.id, text: 'Sweep' });
  await page.reload();

  await showSidebar(page);
  await page.getByRole('tab', { name: 'Todos' }).tap();
  await page.getByRole('button', { name: 'Chores', exact: true }).tap();
  await page.getByRole('button', { name: 'Today', exact: true }).last().tap();
  const list = page.getByRole('list', { name: 'Tasks of Today' });
  await expectShown(list.getByRole('button', { name: 'More actions for Sweep' }));

  // A finger held on the row opens its menu; lifting it does not open the task.
  await longPress(page, list.getByRole('button', { name: 'Sweep', exact: true }));
  await expect(page.getByRole('menuitem', { name: 'Move to…' })).toBeVisible();
  await expect(page.getByLabel('Task title')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  // Rename: open the task, change its title, back to the list.
  await list.getByRole('button', { name: 'Sweep', exact: true }).tap();
  const title = page.getByLabel('Task title');
  await expect(title).toHaveValue('Sweep');
  await title.tap();
  await title.fill('Sweep the floor');
  await title.press('Enter');
  await page.getByRole('button', { name: 'Back' }).tap();
  await expect(list.getByRole('button', { name: 'Sweep the floor', exact: true })).toBeVisible();

  // Move: the task's menu, Move to…, the other category.
  await list.getByRole('button', { name: 'More actions for Sweep the floor' }).tap();
  await page.getByRole('menuitem', { name: 'Move to…' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Move task "Sweep the floor"' });
  await expect(dialog.getByRole('radio', { name: 'Today (current)' })).toBeChecked();
  await auditDialog(page);
  await dialog.getByText('Later', { exact: true }).tap();
  await dialog.getByRole('button', { name: 'Move' }).tap();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Moved task "Sweep the floor"')).toBeVisible();
  await expect(list.getByRole('button', { name: 'Sweep the floor', exact: true })).toHaveCount(0);

  await showSidebar(page);
  await page.getByRole('button', { name: 'Later', exact: true }).tap();
  const later = page.getByRole('list', { name: 'Tasks of Later' });
  await expect(later.getByRole('button', { name: 'Sweep the floor', exact: true })).toBeVisible();

  // Delete: the task's menu, Delete, confirmed.
  await later.getByRole('button', { name: 'More actions for Sweep the floor' }).tap();
  await page.getByRole('menuitem', { name: 'Delete' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).tap();
  await expect(later.getByRole('button', { name: 'Sweep the floor', exact: true })).toHaveCount(0);
});
