import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createConfirmedAccount, type TestAccount } from './accounts.ts';
import { expect, type JotlistServer, test } from './fixtures.ts';

const adminEmail = 'blog-admin@jotlist.test';
test.use({ serverEnv: { ADMIN_EMAILS: adminEmail } });

// One admin account per worker (each worker has its own server and database).
let admin: Promise<TestAccount> | undefined;
const adminAccount = (server: JotlistServer) => {
  admin ??= createConfirmedAccount(server, adminEmail);
  return admin;
};

const unique = () => randomUUID().slice(0, 6);

async function signIn(page: Page, account: TestAccount) {
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/app$/);
}

/** A visitor's own browser: no session, clipboard allowed, and no share sheet (as on desktop Linux). */
async function visitorPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, permissions: ['clipboard-read', 'clipboard-write'] });
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  return context.newPage();
}

/** The admin signed in through the API (its own cookie jar), for tests that only need a post to exist. */
async function publishThroughApi(request: APIRequestContext, server: JotlistServer, title: string) {
  const account = await adminAccount(server);
  const headers = {
    origin: server.baseURL,
    'x-forwarded-for': `10.77.0.${Math.floor(Math.random() * 250) + 1}`,
  };
  const signedIn = await request.post('/api/auth/signin', {
    headers,
    data: { email: account.email, password: account.password },
  });
  expect(signedIn.ok()).toBe(true);
  const slug = `axe-${unique()}`;
  const created = await request.post('/api/blog/admin/posts', {
    headers,
    data: {
      title,
      slug,
      excerpt: 'A post to check the page with axe.',
      content:
        '<h2>A heading</h2><p>Some <strong>bold</strong> text and a <a href="https://example.com">link</a>.</p><blockquote><p>A quote</p></blockquote><ul><li>One</li><li>Two</li></ul><pre><code>const a = 1;</code></pre>',
      featuredImage: null,
      categoryId: null,
      status: 'published',
      tags: ['accessibility', 'testing'],
      readingTime: 3,
      metaTitle: '',
      metaDescription: '',
      publish: true,
    },
  });
  expect(created.status()).toBe(201);
  return slug;
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      where: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

test('an admin writes, drafts and publishes a post; a visitor filters, reads and shares it', async ({
  page,
  browser,
  server,
  request,
}) => {
  test.setTimeout(90_000);
  const run = unique();
  const title = `Planning a calm week ${run}`;
  const slug = `planning-a-calm-week-${run}`;
  const withPosts = `Guides ${run}`;
  const empty = `Empty ${run}`;

  // The admin: categories first, then a new post written in the rich editor.
  await signIn(page, await adminAccount(server));
  await page.goto('/blog/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Posts' })).toBeVisible();
  for (const name of [withPosts, empty]) {
    await page.getByLabel('New category').fill(name);
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(page.getByRole('button', { name: `Rename ${name}` })).toBeVisible();
  }

  await page.getByRole('link', { name: 'New Post' }).click();
  await expect(page).toHaveURL(/\/blog\/admin\/new$/);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await expect(page.getByLabel('Slug')).toHaveValue(slug);
  await page.getByLabel('Excerpt').fill('A calm week starts on Sunday evening.');

  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await page.getByRole('button', { name: 'Heading 2' }).click();
  await page.keyboard.type('Start with a list');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Write everything down');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' and then rest.');
  await expect(content.locator('h2')).toHaveText('Start with a list');
  await expect(content.locator('strong')).toHaveText('Write everything down');

  await page.getByLabel('Category').selectOption({ label: withPosts });
  await page.getByLabel('Tags').fill('planning, habits, , focus');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/blog\/admin\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();

  // A draft is not public.
  const visitor = await visitorPage(browser, server.baseURL);
  await visitor.goto('/blog');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'All Posts' })).toBeVisible();
  await expect(visitor.getByText('Loading posts...')).toBeHidden();
  await expect(visitor.getByRole('heading', { name: title })).toHaveCount(0);
  await visitor.goto(`/blog/${slug}`);
  await expect(visitor).toHaveURL(/\/blog$/);
  expect((await request.get(`/api/blog/posts/${slug}`)).status()).toBe(404);

  // Publish: now it is public, in the list and in the feed.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await visitor.goto('/blog');
  await expect(visitor.getByRole('heading', { level: 2, name: title })).toBeVisible();
  const rss = await request.get('/blog/rss.xml');
  expect(rss.ok()).toBe(true);
  expect(await rss.text()).toContain(title);

  // The visitor filters by category.
  const filters = visitor.getByRole('group', { name: 'Filter posts by category' });
  await filters.getByRole('button', { name: empty }).click();
  await expect(filters.getByRole('button', { name: empty })).toHaveAttribute('aria-pressed', 'true');
  await expect(visitor.getByText('No posts available yet. Check back soon!')).toBeVisible();
  await filters.getByRole('button', { name: withPosts }).click();
  await expect(filters.getByRole('button', { name: withPosts })).toHaveAttribute('aria-pressed', 'true');
  await expect(filters.getByRole('button', { name: 'All Posts' })).toHaveAttribute('aria-pressed', 'false');
  await expect(visitor.getByRole('heading', { level: 2, name: title })).toBeVisible();

  // ...opens the post and shares it: no share sheet here, so the link is copied.
  await visitor.getByRole('link', { name: `Read more about ${title}` }).click();
  await expect(visitor).toHaveURL(new RegExp(`/blog/${slug}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 2, name: 'Start with a list' })).toBeVisible();
  await expect(visitor.locator('article strong')).toHaveText('Write everything down');
  await expect(visitor.getByText('focus', { exact: true })).toBeVisible();
  await expect(visitor).toHaveTitle(`${title} — Jotlist`);
  await visitor.getByRole('button', { name: 'Share' }).click();
  await expect(visitor.getByText('Link copied!')).toBeVisible();
  expect(await visitor.evaluate(() => navigator.clipboard.readText())).toBe(`${server.baseURL}/blog/${slug}`);
  await expect(visitor.getByText('Link copied!')).toBeHidden({ timeout: 4_000 });
  await visitor.getByRole('link', { name: 'Back to Blog' }).first().click();
  await expect(visitor).toHaveURL(/\/blog(\?.*)?$/);

  // The admin sees the view in the table.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/blog\/admin$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await expect(row.getByRole('link', { name: `View ${title}` })).toBeVisible();
  await visitor.context().close();
});

test('an admin deletes a post after confirming', async ({ page, server, request }) => {
  const title = `Short-lived ${unique()}`;
  const slug = await publishThroughApi(request, server, title);
  await signIn(page, await adminAccount(server));
  await page.goto('/blog/admin');
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to delete this post?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  expect((await request.get(`/api/blog/posts/${slug}`)).status()).toBe(404);
});

test('a signed-out visitor opening New Post is sent home', async ({ page }) => {
  await page.goto('/blog/admin/new');
  await expect(page).toHaveURL(/\/landing$/);
});

test('a signed-in account that is not an admin gets the not-found screen', async ({ page, server }) => {
  await signIn(page, await createConfirmedAccount(server));
  await page.goto('/blog/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.goto('/blog/admin/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveCount(0);
});

test('the blog list and a post have no serious or critical axe violation, also 390 px wide', async ({
  page,
  server,
  request,
}) => {
  // Four axe runs: generous on a busy 2-core machine.
  test.setTimeout(60_000);
  const title = `Accessible reading ${unique()}`;
  const slug = await publishThroughApi(request, server, title);
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
  }
});

test('the admin table and the editor fit a phone and pass axe', async ({ page, server, request }) => {
  test.setTimeout(60_000);
  const title = `A rather long title for a phone screen ${unique()}`;
  await publishThroughApi(request, server, title);
  await signIn(page, await adminAccount(server));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/blog/admin');
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('link', { name: 'New Post' }).click();
  await expect(page.getByRole('textbox', { name: 'Content' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

/** Boxes of the text and controls inside the main landmark, for comparing two renderings of a page. */
function mainBoxes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#main-content :is(h1, h2, p, ul, fieldset, a, img, pre, blockquote)')].map(
      (element) => {
        const box = element.getBoundingClientRect();
        return `${element.tagName} ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
      },
    ),
  );
}

test('the server-rendered list and post are what the visitor gets: no SPA, nothing moves, within the CSP', async ({
  browser,
  page,
  server,
  request,
}) => {
  test.setTimeout(60_000);
  const title = `Nothing moves ${unique()}`;
  const slug = await publishThroughApi(request, server, title);
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      cspErrors.push(message.text());
  });
  // The SPA's entry script, as the app's own pages name it.
  const appShell = await (await request.get('/landing')).text();
  const spaEntry = appShell.match(/<script type="module"[^>]* src="([^"]+)"/)?.[1];
  expect(spaEntry).toBeTruthy();
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  const serverOnly = await browser.newPage({ baseURL: server.baseURL, javaScriptEnabled: false });
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await serverOnly.setViewportSize(viewport);
    for (const path of ['/blog', `/blog/${slug}`]) {
      await serverOnly.goto(path);
      const sent = await mainBoxes(serverOnly);
      expect(sent.length).toBeGreaterThan(10);
      // goto waits for the load event, which follows the run of the page's module scripts.
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title }).first()).toBeVisible();
      expect(await mainBoxes(page)).toEqual(sent);
    }
  }
  await serverOnly.close();
  expect(scripts.some((script) => script.startsWith('/assets/'))).toBe(true);
  expect(scripts).not.toContain(spaEntry);
  expect(cspErrors).toEqual([]);
});

test('on a phone the blog header opens its menu, and Back to App leads into the app', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/blog');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(
    page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Pricing' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  await page.getByRole('link', { name: 'Back to App' }).click();
  // A visitor without a session lands on the landing page, drawn by the SPA.
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('link', { name: 'Start Free Trial' }).first()).toBeVisible();
});
