import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openNewPage, savedContent, signInToWorkspace } from './notes-helpers.ts';

/**
 * Files and images in pages in a real browser: a pasted image shows in the page and is still there after
 * a reload; a dropped PDF becomes a link with its name and size; another account gets 404 on its address.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const body = (page: Page) => page.getByRole('textbox', { name: 'Page content' });

/** A 2×2 red PNG. */
const pngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';

/** Fires a paste or drop carrying one file on the editor, as the browser does for a real one. */
async function sendFile(
  page: Page,
  kind: 'paste' | 'drop',
  file: { name: string; type: string; base64: string },
) {
  await body(page).evaluate(
    (target, { kind, file }) => {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], file.name, { type: file.type }));
      const box = target.getBoundingClientRect();
      const event =
        kind === 'paste'
          ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
          : new DragEvent('drop', {
              dataTransfer: data,
              bubbles: true,
              cancelable: true,
              clientX: box.left + 5,
              clientY: box.top + 5,
            });
      target.dispatchEvent(event);
    },
    { kind, file },
  );
}

test('paste an image into a page and still see it after a reload', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  const noteId = await openNewPage(page, 'Trip');
  await body(page).click();
  await sendFile(page, 'paste', { name: 'red square.png', type: 'image/png', base64: pngBase64 });

  const image = page.getByRole('img', { name: 'red square' });
  await expect(image).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'red square.png attached' })).toBeVisible();
  await expect
    .poll(() => savedContent(page, noteId))
    .toMatch(/^!\[red square\]\(\/api\/attachments\/[0-9a-f-]{36}\)$/);

  await page.reload();
  await page.getByRole('button', { name: 'Trip', exact: true }).click();
  await expect(page.getByRole('img', { name: 'red square' })).toBeVisible();
  // The image itself loaded (its bytes came back), not only its alt text.
  await expect
    .poll(() =>
      page.getByRole('img', { name: 'red square' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(2);
  // The editor shows the server's preview; the image is a link to the original.
  const shown = page.getByRole('img', { name: 'red square' });
  await expect(shown).toHaveAttribute('src', /^\/api\/attachments\/[0-9a-f-]{36}\/preview$/);
  const original = await page.getByRole('link', { name: 'red square' }).getAttribute('href');
  expect(original).toMatch(/^\/api\/attachments\/[0-9a-f-]{36}$/);
  const served = await page.request.get(original ?? '');
  expect(served.headers()['content-type']).toBe('image/png');
});

test('drop a PDF into a page: a link with its name and size; another account gets 404', async ({
  page,
  server,
  browser,
}) => {
  await signInToWorkspace(page, server);
  const noteId = await openNewPage(page, 'Reports');
  await body(page).click();
  const pdf = Buffer.from(`%PDF-1.4\n${'x'.repeat(1500)}\n%%EOF\n`).toString('base64');
  await sendFile(page, 'drop', { name: 'report.pdf', type: 'application/pdf', base64: pdf });

  await expect(body(page)).toContainText('report.pdf (1.5 KB)');
  let url = '';
  await expect
    .poll(async () => {
      const content = await savedContent(page, noteId);
      url = /\((\/api\/attachments\/[0-9a-f-]{36})\)/.exec(content)?.[1] ?? '';
      return content;
    })
    .toMatch(/^\[report\.pdf \(1\.5 KB\)\]\(\/api\/attachments\/[0-9a-f-]{36}\)$/);
  const own = await page.request.get(url);
  expect(own.status()).toBe(200);
  expect(own.headers()['content-disposition']).toMatch(/^attachment;/);

  const other = await browser.newContext({ baseURL: server.baseURL });
  const otherPage = await other.newPage();
  await signInToWorkspace(otherPage, server);
  const foreign = await otherPage.request.get(url);
  expect(foreign.status()).toBe(404);
  await other.close();
});

test('pick a file with the Attach file button', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  const noteId = await openNewPage(page, 'Picked');
  await body(page).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach file' }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect
    .poll(() => savedContent(page, noteId))
    .toMatch(/^\[notes\.txt \(5 B\)\]\(\/api\/attachments\//);
});
