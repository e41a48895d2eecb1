import type { Page } from '@playwright/test';
import { createConfirmedAccount } from './accounts.ts';
import { expect, test } from './fixtures.ts';

/** The router (wouter) keeps navigation state as history.state; the guard stores the asked-for path there. */
const navigationState = (page: Page) =>
  page.evaluate(() => (window.history.state as { from?: string } | null) ?? null);

test.describe('route guards for a signed-out visitor', () => {
  test('the workspace sends a visitor to sign in and remembers where they were going', async ({ page }) => {
    await page.goto('/app');
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expect(page.getByRole('heading', { level: 1, name: /sign in/i })).toBeVisible();
    expect(await navigationState(page)).toEqual({ from: '/app' });
  });

  test('the checkout confirmation is protected too, query string included', async ({ page }) => {
    await page.goto('/checkout/success?session_id=cs_test_1');
    await expect(page).toHaveURL(/\/auth\/signin$/);
    expect(await navigationState(page)).toEqual({ from: '/checkout/success?session_id=cs_test_1' });
  });

  test('the blog admin sends a visitor home, which is the landing page', async ({ page }) => {
    await page.goto('/blog/admin');
    await expect(page).toHaveURL(/\/landing$/);
    await page.goto('/blog/admin/edit/new');
    await expect(page).toHaveURL(/\/landing$/);
  });

  test('the home page shows a visitor the landing page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('an unknown address shows the not-found page with a way home', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    // The server answers every client route with the app; the app decides it is unknown.
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/landing$/);
  });

  test('after signing in, the visitor lands on the page they first asked for', async ({ page, server }) => {
    const account = await createConfirmedAccount(server);
    await page.goto('/checkout/cancel?reason=test');
    await expect(page).toHaveURL(/\/auth\/signin$/);

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page).toHaveURL(/\/checkout\/cancel\?reason=test$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout Canceled' })).toBeVisible();
  });
});
