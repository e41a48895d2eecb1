import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInToWorkspace } from './notes-helpers.ts';

/**
 * The keyboard layer of the workspace in a real browser: the command palette (Ctrl/Cmd+K or the top
 * bar's button), the single-key shortcuts (`n`, `/`, `?`) and focus going back where it was when a
 * dialog closes.
 */

// No service worker: once it has taken over the page (sooner or later, as the machine allows), it serves
// the built files from its own cache, where page.route never sees them, so holding the palette's file back
// would no longer hold anything. These journeys are about a first visit's download.
test.use({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });

/** Notebooks, sections, pages, a list, a category and a task, made through the API with the browser's session. */
async function seed(page: Page) {
  const post = async (path: string, data: object) => {
    const response = await page.request.post(path, { data });
    expect(response.status(), `POST ${path}`).toBe(201);
    return (await response.json()) as { id: string };
  };
  const work = await post('/api/notebooks', { title: 'Work' });
  const projects = await post('/api/sections', { notebookId: work.id, title: 'Projects' });
  await post('/api/notes', { sectionId: projects.id, title: 'Launch plan' });
  await post('/api/notes', { sectionId: projects.id, title: 'Budget' });
  const home = await post('/api/notebooks', { title: 'Home' });
  const garden = await post('/api/sections', { notebookId: home.id, title: 'Garden' });
  await post('/api/notes', { sectionId: garden.id, title: 'Seeds to order' });
  const errands = await post('/api/todos', { title: 'Errands' });
  const shopping = await post('/api/categories', { todoId: errands.id, title: 'Shopping' });
  await post('/api/tasks', { todoId: errands.id, categoryId: shopping.id, text: 'Buy oat milk' });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Work', exact: true })).toBeVisible();
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const paletteInput = (page: Page) => palette(page).getByRole('combobox', { name: 'Search or jump to' });

test('Ctrl+K, part of a page title, Enter: that page is open; Escape gives focus back', async ({
  page,
  server,
}) => {
  await signInToWorkspace(page, server);
  await seed(page);

  const newNotebook = page.getByRole('button', { name: 'New notebook' });
  await newNotebook.focus();
  await page.keyboard.press('ControlOrMeta+K');
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await expect(newNotebook).toBeFocused();

  await page.keyboard.press('ControlOrMeta+K');
  await page.keyboard.type('seeds ord');
  const best = palette(page).getByRole('option').first();
  await expect(best).toContainText('Seeds to order');
  await expect(best).toContainText('Home › Garden');
  await expect(best).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  await expect(palette(page)).toBeHidden();
  await expect(page.getByLabel('Page title')).toHaveValue('Seeds to order');
  // Selected as a click in the sidebar selects it: its notebook and section are open around it.
  await expect(
    page.getByRole('region', { name: 'Pages' }).getByRole('heading', { name: 'Garden' }),
  ).toBeVisible();
  await expect(newNotebook).toBeFocused();

  // Arrow keys: `plan` lists the page first and `Launch plan`'s section below it is not a match; Budget is
  // reached with the arrows after typing `b`.
  await page.keyboard.press('ControlOrMeta+K');
  await page.keyboard.type('b');
  const options = palette(page).getByRole('option');
  const budget = options.filter({ hasText: 'Budget' });
  await expect(budget).toHaveCount(1);
  while ((await budget.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Page title')).toHaveValue('Budget');
});

test('the palette finds a task of a category never opened, and runs commands', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  await seed(page);
  // The server's search never answers here: the task is found through the task index alone.
  await page.route(
    (url) => url.pathname === '/api/search',
    () => {},
  );

  const button = page.getByRole('button', { name: /Search or jump…/ });
  await button.click();
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type('oat milk');
  const task = palette(page).getByRole('option', { name: /Buy oat milk/ });
  await expect(task).toContainText('Errands › Shopping');
  await task.click();
  await expect(page.getByRole('tab', { name: 'Todos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Task title')).toHaveValue('Buy oat milk');

  await page.keyboard.press('ControlOrMeta+K');
  await page.keyboard.type('switch to notes');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');

  // Settings from the palette; closing Settings gives focus back to where it was before the palette.
  await button.focus();
  await page.keyboard.press('ControlOrMeta+K');
  await page.keyboard.type('settings');
  await page.keyboard.press('Enter');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(button).toBeFocused();

  // Settings from its own button gives focus back to it too.
  const settingsButton = page.getByRole('button', { name: 'Settings', exact: true });
  await settingsButton.click();
  await expect(settings).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settingsButton).toBeFocused();

  // Search from the palette focuses the sidebar's search box.
  await page.keyboard.press('ControlOrMeta+K');
  await page.keyboard.type('search');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('searchbox', { name: 'Search notes' })).toBeFocused();

  // Ctrl+K works from a text field too; Sign out signs out.
  await page.keyboard.press('ControlOrMeta+K');
  await page.keyboard.type('sign out');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth\/signin$/);
});

test('n, / and ? work outside text fields; the shortcuts sheet lists them', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  await seed(page);
  await page.getByRole('button', { name: 'Work', exact: true }).click();
  await page.getByRole('button', { name: 'Projects', exact: true }).click();

  // `?` opens the sheet; Escape closes it and focus is back on the row it was on.
  const projects = page.getByRole('button', { name: 'Projects', exact: true });
  await projects.focus();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  for (const action of [
    'Open the command palette',
    'New page (Notes) or new task (Todos)',
    'Search',
    'Keep the name',
  ])
    await expect(sheet.getByText(action, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(projects).toBeFocused();

  // `/` focuses the search box; typed there, `n` and `?` are text.
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search notes' });
  await expect(search).toBeFocused();
  await page.keyboard.type('n?');
  await expect(search).toHaveValue('n?');
  await expect(sheet).toBeHidden();
  await search.press('Escape');

  // `n` in Notes: a new page in the open section, its title ready to type.
  await projects.focus();
  await page.keyboard.press('n');
  const title = page.getByLabel('Page title');
  await expect(title).toHaveValue('Untitled Note');
  await expect(title).toBeFocused();
  await page.keyboard.type('Made with n');
  await expect(
    page.getByRole('region', { name: 'Pages' }).getByRole('button', { name: 'Made with n', exact: true }),
  ).toBeVisible();

  // `n` in Todos: a new task in the open category, its title ready to type. The Done filter was on: the
  // list goes back to Active so the new task is listed where it is named.
  await page.getByRole('tab', { name: 'Todos' }).click();
  await page.getByRole('button', { name: 'Errands', exact: true }).click();
  await page.getByRole('button', { name: 'Shopping', exact: true }).click();
  await page.getByRole('tab', { name: 'Done' }).click();
  await expect(page.getByText('No completed tasks')).toBeVisible();
  await page.getByRole('button', { name: 'Shopping', exact: true }).focus();
  await page.keyboard.press('n');
  await expect(page.getByLabel('Task title')).toHaveValue('New Task');
  await expect(page.getByLabel('Task title')).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.type('Made with n too');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('region', { name: 'Tasks' }).getByRole('button', { name: 'Made with n too', exact: true }),
  ).toBeVisible();
});

test('a delete confirmation gives focus back to the row menu, or to its pane when the row is gone', async ({
  page,
  server,
}) => {
  await signInToWorkspace(page, server);
  await seed(page);
  await page.getByRole('button', { name: 'Work', exact: true }).click();
  await page.getByRole('button', { name: 'Projects', exact: true }).click();
  const pages = page.getByRole('region', { name: 'Pages' });

  const menu = pages.getByRole('button', { name: 'More actions for Budget' });
  await menu.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete page?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(menu).toBeFocused();

  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(pages.getByRole('button', { name: 'Budget', exact: true })).toBeHidden();
  // Not lost on <body>: on the first control of the Pages pane.
  await expect(pages.locator(':focus')).toHaveCount(1);
});

test('what is typed right after the first Ctrl+K, while the palette downloads, is kept', async ({
  page,
  server,
}) => {
  await signInToWorkspace(page, server);
  await seed(page);
  // Hold the palette's code back until the keys are typed: they land in its stand-in.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/command-palette-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const newNotebook = page.getByRole('button', { name: 'New notebook' });
  await newNotebook.focus();
  await page.keyboard.press('ControlOrMeta+K');
  await expect(page.getByRole('textbox', { name: 'Search or jump to' })).toBeFocused();
  await page.keyboard.type('seeds');
  release();
  await expect(paletteInput(page)).toHaveValue('seeds');
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type(' ord');
  await expect(paletteInput(page)).toHaveValue('seeds ord');
  await expect(palette(page).getByRole('option').first()).toContainText('Seeds to order');
  await page.keyboard.press('Escape');
  await expect(newNotebook).toBeFocused();
});
