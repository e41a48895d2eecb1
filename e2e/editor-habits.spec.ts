import type { Page } from '@playwright/test';
import { seriousViolations } from './a11y-helpers.ts';
import { expect, test } from './fixtures.ts';
import { openNewPage, savedContent, signInToWorkspace } from './notes-helpers.ts';

/**
 * The editing habits people type without thinking: Enter in the title goes to the body, Ctrl+B, the
 * formatting toolbar, the `/` menu, Enter leaving an empty list, and pasted HTML arriving as Markdown.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const body = (page: Page) => page.getByRole('textbox', { name: 'Page content' });

test('title Enter, Ctrl+B, toolbar checklist, / heading, leaving a list, pasting HTML; axe in both themes', async ({
  page,
  server,
}) => {
  test.slow();
  await signInToWorkspace(page, server);
  const noteId = await openNewPage(page, 'Draft');

  // Enter in the title moves to the body and types nothing into the title.
  const title = page.getByLabel('Page title');
  await title.fill('Weekend');
  await title.press('Enter');
  await expect(body(page)).toBeFocused();
  await page.keyboard.type('hello world', { delay: 5 });
  await expect(title).toHaveValue('Weekend');

  // Select "world" and press Ctrl+B.
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Control+b');
  await expect.poll(() => savedContent(page, noteId)).toBe('hello **world**');

  // The toolbar turns a new line into a checklist item; Enter on the empty item after it leaves the list.
  await page.keyboard.press('End');
  await page.keyboard.press('End');
  await page.keyboard.type('\nmilk', { delay: 5 });
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await toolbar.getByRole('button', { name: /Checklist/ }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('after', { delay: 5 });
  await expect.poll(() => savedContent(page, noteId)).toBe('hello **world**\n- [ ] milk\nafter');

  // The `/` menu at the start of a line: filtered by typing, picked with Enter.
  await page.keyboard.type('\n/head', { delay: 5 });
  const menu = page.getByRole('listbox');
  await expect(menu.getByRole('option', { name: 'Heading 2' })).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousViolations(page), `${scheme}: with the / menu open`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('option', { name: 'Heading 2', selected: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Shopping', { delay: 5 });
  await expect(body(page).getByRole('heading', { level: 2, name: 'Shopping' })).toBeVisible();

  // Escape closes the menu and keeps the `/`.
  await page.keyboard.type('\n/', { delay: 5 });
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.keyboard.press('Backspace');

  // Pasted HTML arrives as Markdown.
  await body(page).evaluate((element) => {
    const data = new DataTransfer();
    data.setData(
      'text/html',
      '<p>See <a href="https://example.com/">the site</a> and <b>this</b></p><script>x()</script>',
    );
    data.setData('text/plain', 'See the site and this');
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect
    .poll(() => savedContent(page, noteId))
    .toBe(
      'hello **world**\n- [ ] milk\nafter\n## Shopping\nSee [the site](https://example.com/) and **this**',
    );

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousViolations(page), `${scheme}: with the toolbar`).toEqual([]);
  }
});
