import { expect, test } from './fixtures.ts';

/** The public pages and their headings; every one of them carries the site footer. */
const pages = [
  { path: '/landing', heading: /Everything on your mind/ },
  { path: '/about', heading: 'About Jotlist' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/security', heading: 'Security' },
  { path: '/contact', heading: 'Contact us' },
];

/** The spec's footer links, by visible name. */
const footerLinks = [
  { name: 'About', href: '/about' },
  { name: 'Blog', href: '/blog' },
  { name: 'Contact', href: '/contact' },
  { name: 'Privacy', href: '/privacy' },
  { name: 'Terms', href: '/terms' },
  { name: 'Security', href: '/security' },
];

test.describe('static pages', () => {
  for (const { path, heading } of pages) {
    test(`${path} shows its heading and the footer links`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const footer = page.getByRole('contentinfo');
      for (const link of footerLinks) {
        await expect(footer.getByRole('link', { name: link.name, exact: true })).toHaveAttribute(
          'href',
          link.href,
        );
      }
    });
  }

  test('footer links move between the pages without a full reload', async ({ page }) => {
    await page.goto('/landing');
    // A marker on window survives client-side navigation only.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
    });
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Terms', exact: true }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About Jotlist' })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
  });
});
