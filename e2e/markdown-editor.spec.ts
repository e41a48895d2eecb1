import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openNewPage, savedContent, signInToWorkspace } from './notes-helpers.ts';

/**
 * The Markdown note editor (docs/PRODUCT.md §10.6) in a real browser: Markdown typed key by key is formatted as it
 * is typed, a task's checkbox rewrites its marker, and what the server keeps is exactly the Markdown.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const body = (page: Page) => page.getByRole('textbox', { name: 'Page content' });

test('type Markdown, see it formatted, tick a task, reload: the text is the Markdown typed', async ({
  page,
  server,
}) => {
  // A long journey (typing key by key, two popups, axe, a reload): three times the usual time.
  test.slow();
  await signInToWorkspace(page, server);
  const noteId = await openNewPage(page, 'Launch');

  const docs = `${server.baseURL}/about`;
  await body(page).click();
  // As a person types it: Enter after a list item continues the list, so `second` gets its `- `.
  for (const line of ['# Launch plan', 'Ship **bold** and *calm* ideas', '[ ] todo', `See [docs](${docs})`])
    await page.keyboard.type(`${line}\n`, { delay: 5 });
  await page.keyboard.type('- first\nsecond', { delay: 5 });
  const typed = [
    '# Launch plan',
    'Ship **bold** and *calm* ideas',
    '[ ] todo',
    `See [docs](${docs})`,
    '- first',
    '- second',
  ].join('\n');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect.poll(() => savedContent(page, noteId)).toBe(typed);

  // Formatted where it stands; the marks of lines away from the cursor are hidden.
  await expect(body(page).getByRole('heading', { level: 1, name: 'Launch plan' })).toBeVisible();
  await expect(body(page).locator('.cm-md-strong')).toHaveText('bold');
  await expect(body(page).locator('.cm-md-em')).toHaveText('calm');
  await expect(body(page).locator('.cm-md-link')).toHaveText('docs');
  await expect(body(page).locator('.cm-md-bullet')).toHaveCount(1);
  const todo = body(page).getByRole('checkbox', { name: 'todo' });
  await expect(todo).not.toBeChecked();

  // A link opens from its visible affordance (here: this server's own about page), or Ctrl/Cmd+click.
  const popup = page.waitForEvent('popup');
  await body(page)
    .getByRole('link', { name: `Open link ${docs}` })
    .click();
  await expect(await popup).toHaveURL(docs);
  await (await popup).close();
  const second = page.waitForEvent('popup');
  await body(page)
    .locator('.cm-md-link')
    .click({ modifiers: ['ControlOrMeta'] });
  await expect(await second).toHaveURL(docs);
  await (await second).close();

  // Clicking the checkbox rewrites `[ ]` to `[x]`; Space on it (by keyboard) writes it back and forth.
  await todo.click();
  await expect(todo).toBeChecked();
  const ticked = typed.replace('[ ] todo', '[x] todo');
  await expect.poll(() => savedContent(page, noteId)).toBe(ticked);
  await todo.focus();
  await page.keyboard.press('Space');
  await expect(todo).not.toBeChecked();
  await page.keyboard.press('Space');
  await expect(todo).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect.poll(() => savedContent(page, noteId)).toBe(ticked);

  const results = await new AxeBuilder({ page }).include('main').analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, where: violation.nodes.slice(0, 3).map((n) => n.target) }));
  expect(blocking).toEqual([]);

  await page.reload();
  await expect(body(page).getByRole('heading', { level: 1, name: 'Launch plan' })).toBeVisible();
  await expect(body(page).getByRole('checkbox', { name: 'todo' })).toBeChecked();
  expect(await savedContent(page, noteId)).toBe(ticked);
});

test('marks show on the line being edited, and the cursor line can be edited as plain Markdown', async ({
  page,
  server,
}) => {
  await signInToWorkspace(page, server);
  await openNewPage(page, 'Groceries', 'Buy **milk** today');

  // Away from the cursor the `**` are hidden; on the cursor's line they are shown (dimmed) to edit.
  await expect(body(page)).toHaveText('Buy milk today');
  await body(page).click();
  await page.keyboard.press('End');
  await expect(body(page)).toHaveText('Buy **milk** today');
  await page.keyboard.type(' and *eggs*', { delay: 5 });
  await page.getByLabel('Page title').click();
  await expect(body(page)).toHaveText('Buy milk today and eggs');
  await expect(body(page).locator('.cm-md-em')).toHaveText('eggs');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await page.reload();
  await expect(body(page)).toHaveText('Buy milk today and eggs');
  await body(page).click();
  await page.keyboard.press('End');
  await expect(body(page)).toHaveText('Buy **milk** today and *eggs*');
});

test('an empty page shows the placeholder, and the editor passes axe', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  await openNewPage(page, 'Blank');
  await expect(body(page)).toHaveAttribute('aria-placeholder', 'Start typing your notes...');
  await expect(page.getByText('Start typing your notes...')).toBeVisible();
  const results = await new AxeBuilder({ page }).include('main').analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
  expect(blocking).toEqual([]);
});

test('text typed just before a reload is on this device after it, even with no save through', async ({
  page,
  server,
}) => {
  await signInToWorkspace(page, server);
  const noteId = await openNewPage(page, 'Last words', 'Start.');
  // The server never gets the text: only the draft on this device can bring it back.
  await page.route(`**/api/notes/${noteId}`, (route) =>
    route.request().method() === 'PATCH' ? route.abort() : route.continue(),
  );
  // The unsaved-changes prompt: leave anyway, as a person reloading would.
  page.on('dialog', (dialog) => void dialog.accept());

  await body(page).click();
  await page.keyboard.press('Control+End');
  // Typed and reloaded at once: drafts are written in batches while typing, so the last keys are
  // only on this device if leaving the page writes them.
  await page.keyboard.type(' Typed right before the reload.');
  await page.reload();

  await expect(body(page)).toHaveText('Start. Typed right before the reload.');
  await expect(page.getByLabel('Page title')).toHaveValue('Last words');
  expect(await savedContent(page, noteId)).toBe('Start.');
});
