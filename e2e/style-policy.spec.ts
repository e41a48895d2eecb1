import { randomUUID } from 'node:crypto';
import type { Page, Response } from '@playwright/test';
import { messages } from '../src/shared/messages.ts';
import { createConfirmedAccount } from './accounts.ts';
import { cspViolations, recordCspViolations } from './csp-violations.ts';
import { expect, type JotlistServer, test } from './fixtures.ts';
import { createNotebook, createPage, createSection, dragOnto, nameNewRow } from './notes-helpers.ts';

/**
 * The Content-Security-Policy's `style-src` has no 'unsafe-inline' (plugins/security-headers.ts). The
 * libraries that add a <style> element at run time (Radix's scroll lock behind every dialog and menu,
 * CodeMirror's themes, Tiptap's base styles) carry the app shell's per-response nonce instead
 * (lib/style-nonce.ts). These journeys go where each of them runs and the public pages, and prove both
 * halves: no violation is reported, and the injected rules really apply (a blocked <style> would break
 * no script, only the look).
 */

const adminEmail = `style-admin-${randomUUID().slice(0, 8)}@jotlist.test`;
test.use({ viewport: { width: 1440, height: 900 }, serverEnv: { ADMIN_EMAILS: adminEmail } });

/** The CSP of every document the tab loads, by path. */
function documentPolicies(page: Page) {
  const policies: Array<{ path: string; policy: string }> = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'document') return;
    policies.push({
      path: new URL(response.url()).pathname,
      policy: response.headers()['content-security-policy'] ?? '',
    });
  });
  return policies;
}

const styleSrcOf = (policy: string) => /(?:^|;\s*)style-src ([^;]*)/.exec(policy)?.[1] ?? null;

/** The blog's list and posts are server-rendered pages without the SPA; its admin screens are the SPA. */
const serverRendered = (path: string) => /^\/blog(\/(?!admin)[^/]+)?$/.test(path);

/**
 * Each document's style-src: 'self' and never 'unsafe-inline'; the SPA's shell adds a nonce of its own,
 * a different one in every response.
 */
function expectStrictStyles(policies: Array<{ path: string; policy: string }>) {
  expect(policies.length).toBeGreaterThan(0);
  const nonces = new Set<string>();
  for (const { path, policy } of policies) {
    const styleSrc = styleSrcOf(policy);
    if (serverRendered(path)) {
      expect(styleSrc, `style-src of ${path}`).toBe("'self'");
    } else {
      expect(styleSrc, `style-src of ${path}`).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]{22}=='$/);
      nonces.add(styleSrc ?? '');
    }
  }
  expect(nonces.size).toBe(policies.filter(({ path }) => !serverRendered(path)).length);
}

/** Radix's scroll lock is a <style> rule on body[data-scroll-locked]: applied only if not blocked. */
async function expectScrollLocked(page: Page) {
  await expect(page.locator('body[data-scroll-locked]')).toHaveCSS('overflow', 'hidden');
}

async function signUpAndConfirm(page: Page, server: JotlistServer) {
  const email = `styles-${randomUUID().slice(0, 8)}@jotlist.test`;
  const password = 'Correct1!horse';
  await page.goto('/auth/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: messages.auth.checkEmail })).toBeVisible();
  const mail = await server.smtp.waitFor((m) => m.to.includes(email));
  const link = mail.text.split(/\s+/).find((word) => word.includes('/auth/callback?token='));
  if (!link) throw new Error(`No confirmation link in the mail to ${email}`);
  await page.goto(link);
  await expect(page.getByText(messages.auth.emailConfirmed)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Workspace' })).toBeVisible();
}

test('signing up, writing a page, dialogs, a drag and the public pages meet no style violation', async ({
  page,
  server,
}) => {
  test.setTimeout(60_000);
  await recordCspViolations(page);
  const policies = documentPolicies(page);

  for (const [path, heading] of [
    ['/landing', /Everything on your mind/],
    ['/about', 'About Jotlist'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/security', 'Security'],
    ['/contact', 'Contact us'],
    ['/blog', 'Blog'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  // The pricing plans are a section of the landing page.
  await page.goto('/landing#pricing');
  await expect(page.getByRole('heading', { level: 1, name: /Everything on your mind/ })).toBeVisible();

  await signUpAndConfirm(page, server);

  // A page written in the editor: CodeMirror's themes are a <style> element of their own.
  await createNotebook(page, 'Styles');
  await createSection(page, 'Checks');
  await createPage(page, 'Nonce', 'First line');
  const editor = page.getByLabel('Page content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n\n## A heading\n\n- a list item');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(page.locator('.cm-editor .cm-scroller')).toHaveCSS('display', 'flex');

  // A menu and its delete confirmation (Radix: both lock the page's scroll).
  await page.getByRole('button', { name: 'More actions for Styles' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
  await expectScrollLocked(page);
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectScrollLocked(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // Settings, a Radix dialog.
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await expectScrollLocked(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Settings' })).toHaveCount(0);

  // A task dragged above another (dnd-kit's live region and the dragged row's transform).
  await page.getByRole('tab', { name: 'Todos' }).click();
  await page.getByRole('button', { name: 'New todo' }).click();
  await nameNewRow(page, 'todo', 'New Todo', 'Chores');
  await page.getByRole('button', { name: 'New category' }).click();
  await nameNewRow(page, 'category', 'New Category', 'Inbox');
  await page.getByRole('button', { name: 'Inbox', exact: true }).click();
  const tasks = page.getByRole('region', { name: 'Tasks' });
  for (const title of ['First', 'Second']) {
    await page.getByRole('button', { name: 'New task' }).click();
    await expect(page.getByLabel('Task title')).toBeFocused();
    await page.keyboard.type(title);
    await page.getByLabel('Task title').press('Enter');
    await expect(tasks.getByRole('button', { name: title, exact: true })).toBeVisible();
  }
  const rows = tasks.locator('li > div');
  await dragOnto(page, rows.nth(1), rows.nth(0));
  await expect(rows.first()).toContainText('Second');

  expect(await cspViolations(page)).toEqual([]);
  expectStrictStyles(policies);
});

test("the blog's rich editor, its delete confirmation and a published post meet no style violation", async ({
  page,
  server,
}) => {
  await recordCspViolations(page);
  const policies = documentPolicies(page);
  const account = await createConfirmedAccount(server, adminEmail);
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/app$/);

  // Loaded as a document, not a client-side move: the admin screens' address is the shell too.
  await page.goto('/blog/admin/new');
  const title = `Styled ${randomUUID().slice(0, 6)}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Excerpt').fill('Checked against the style policy.');
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await page.keyboard.type('Written in Tiptap.');
  // Tiptap's base styles are its own <style> element.
  await expect(content).toHaveCSS('white-space', 'break-spaces');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();

  await page.goto('/blog/admin');
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectScrollLocked(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  // The server-rendered post and list, as a visitor gets them.
  await page.getByRole('link', { name: `View ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();

  expect(await cspViolations(page)).toEqual([]);
  expectStrictStyles(policies);
});

test('the API docs page and an image opened on its own meet no style violation', async ({ page, server }) => {
  // The attachment is a sandboxed document (no storage to record in): the browser's console reports
  // each violation too.
  const reported: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) reported.push(message.text());
  });
  await recordCspViolations(page);
  await page.goto('/api/docs/');
  await expect(page.getByRole('heading', { name: /Jotlist API/ })).toBeVisible();
  expect(await cspViolations(page)).toEqual([]);

  const account = await createConfirmedAccount(server);
  const signedIn = await page.request.post('/api/auth/signin', {
    headers: { origin: server.baseURL, 'x-forwarded-for': '10.88.0.1' },
    data: { email: account.email, password: account.password },
  });
  expect(signedIn.ok()).toBe(true);
  // A 1×1 PNG: raster images are the one kind of file shown inline.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const uploaded = await page.request.post('/api/attachments?name=dot.png', {
    headers: { origin: server.baseURL, 'content-type': 'image/png' },
    data: png,
  });
  expect(uploaded.status()).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  await page.goto(url);
  // The browser's image viewer styles its page with style attributes: allowed, so applied.
  await expect(page.locator('img')).toHaveCSS('display', 'block');
  await expect(page.locator('body')).toHaveCSS('height', '900px');
  expect(reported).toEqual([]);
});
