import type { Page } from '@playwright/test';
import { seriousViolations } from './a11y-helpers.ts';
import { expect, test } from './fixtures.ts';
import { signInToWorkspace } from './notes-helpers.ts';

/**
 * The note conflict banner in front of axe (docs/PRODUCT.md §10.8), in both themes: another tab saves the page while
 * this one has unsaved typing, so this tab's save is refused (409) and the banner offers `Keep mine` and
 * `Use theirs`; after `Use theirs` it keeps `Your version` to copy from. 0 serious or critical findings.
 */

test.use({ viewport: { width: 1440, height: 900 } });

/** A page opened in the editor; returns its id and version as the server has them. */
async function openSeededPage(page: Page) {
  const post = async (path: string, data: object) => {
    const response = await page.request.post(path, { data });
    expect(response.status(), `POST ${path}`).toBe(201);
    return (await response.json()) as { id: string; version: number };
  };
  const work = await post('/api/notebooks', { title: 'Work' });
  const projects = await post('/api/sections', { notebookId: work.id, title: 'Projects' });
  const note = await post('/api/notes', { sectionId: projects.id, title: 'Launch plan', content: 'Draft' });
  await page.reload();
  await page.getByRole('button', { name: 'Work', exact: true }).click();
  await page.getByRole('button', { name: 'Projects', exact: true }).click();
  await page
    .getByRole('region', { name: 'Pages' })
    .getByRole('button', { name: 'Launch plan', exact: true })
    .click();
  await expect(page.getByRole('textbox', { name: 'Page content' })).toContainText('Draft');
  return note;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the conflict banner and the kept version have no serious or critical axe finding', async ({
      page,
      server,
    }) => {
      await signInToWorkspace(page, server);
      // This tab does not hear the other tab's save (as when the other device saved while this one was
      // offline): with its live stream up, it would take the newer text before any typing, no conflict.
      await page.route('**/api/events*', (route) => route.abort());
      const note = await openSeededPage(page);

      // Another tab saves first: this tab's next save starts from an older version.
      const theirs = await page.request.patch(`/api/notes/${note.id}`, {
        data: { title: 'Launch plan', content: 'Changed in another tab', baseVersion: note.version },
      });
      expect(theirs.status()).toBe(200);
      const refused = page.waitForResponse(
        (r) => r.request().method() === 'PATCH' && r.url().includes(`/api/notes/${note.id}`),
      );
      await page.getByRole('textbox', { name: 'Page content' }).click();
      await page.keyboard.press('End');
      await page.keyboard.type(' and mine');
      expect((await refused).status()).toBe(409);

      const keepMine = page.getByRole('button', { name: 'Keep mine' });
      await expect(keepMine).toBeVisible();
      await expect(page.getByRole('button', { name: 'Use theirs' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Their version' })).toHaveValue(
        /Changed in another tab/,
      );
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Use theirs' }).click();
      await expect(page.getByRole('textbox', { name: 'Your version' })).toHaveValue(/and mine/);
      await expect(page.getByRole('button', { name: 'Dismiss', exact: true })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
