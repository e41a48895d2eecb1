import { expect, test } from './fixtures.ts';

test.describe('serving the single-page app', () => {
  test('a deep client route survives a reload (history fallback)', async ({ page }) => {
    const first = await page.goto('/auth/forgot-password');
    expect(first?.status()).toBe(200);
    // index.html must be revalidated so a new release is picked up at once.
    expect(first?.headers()['cache-control']).toBe('no-cache');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test("a page's address is the app shell too", async ({ request }) => {
    const response = await request.get('/app/pages/00000000-0000-4000-8000-000000000001');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    expect(response.headers()['cache-control']).toBe('no-cache');
  });

  test('hashed assets are cached for a year as immutable', async ({ page }) => {
    const assets: Array<{ url: string; cacheControl: string | undefined }> = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/')) {
        assets.push({ url: response.url(), cacheControl: response.headers()['cache-control'] });
      }
    });
    await page.goto('/landing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const scripts = assets.filter((asset) => asset.url.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(assets.some((asset) => asset.url.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      expect(asset.cacheControl, asset.url).toBe('public, max-age=31536000, immutable');
    }
  });

  test('a missing asset is a 404, not the app shell', async ({ request }) => {
    const response = await request.get('/assets/does-not-exist-0123abcd.js');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).not.toContain('text/html');
  });

  test('pages load with no CSP violation and no console error', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    // The browser reports CSP violations as DOM events too; record them before any page script runs.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const store = window as unknown as { __cspViolations?: string[] };
        store.__cspViolations = [
          ...(store.__cspViolations ?? []),
          `${event.violatedDirective} blocked ${event.blockedURI}`,
        ];
      });
    });

    for (const path of ['/landing', '/about', '/auth/signin', '/no/such/page']) {
      const response = await page.goto(path);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const violations = await page.evaluate(
        () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
      );
      for (const violation of violations) problems.push(`CSP on ${path}: ${violation}`);
    }
    expect(problems).toEqual([]);
  });
});
