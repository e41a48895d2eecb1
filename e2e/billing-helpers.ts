import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createConfirmedAccount } from './accounts.ts';
import { expect, type JotlistServer } from './fixtures.ts';

/** Billing journeys' shared steps. The server runs with no STRIPE_SECRET_KEY: built-in test mode. */

export const trialBanner = (page: Page) => page.getByRole('region', { name: 'Trial status' });

/** Opens Settings → Billing from the workspace's top bar. */
export async function openBillingTab(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Billing' }).click();
  return settings;
}

/** From the test checkout page: pay, wait out the confirmation, and go back to a writable workspace. */
export async function payOnTestCheckout(page: Page, plan: 'Yearly Plan' | 'Monthly Plan', price: string) {
  await expect(page).toHaveURL(/\/billing\/test-checkout\?session=/);
  await expect(page.getByText('Test mode — no real payment is taken')).toBeVisible();
  await expect(page.getByText(plan)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Pay ${price} (test)` }).click();

  await expect(page).toHaveURL(/\/checkout\/success/);
  await expect(page.getByRole('heading', { name: 'Processing your subscription...' })).toBeVisible();
  await expect(page.getByText('Please wait while we confirm your payment.')).toBeVisible();
  // Five refreshes, two seconds apart (spec), then the welcome.
  await expect(page.getByRole('heading', { name: 'Welcome to Jotlist!' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Your subscription is now active. Thank you for upgrading!')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/app$/);
}

/** The workspace accepts writes: creating a notebook works, and no trial or read-only banner shows. */
export async function expectWritable(page: Page) {
  await expect(page.getByRole('button', { name: 'New notebook', exact: true })).toBeEnabled();
  await expect(trialBanner(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'New notebook', exact: true }).click();
  // The new notebook opens named in place (docs/PRODUCT.md §10.4): its default name in the rename field.
  await expect(page.getByLabel('Rename notebook')).toHaveValue('New Notebook');
}

/** The workspace is read-only: create controls are disabled and the server refuses a write. */
export async function expectReadOnly(page: Page) {
  await expect(page.getByRole('button', { name: 'New notebook', exact: true })).toBeDisabled();
  await expect(trialBanner(page)).toContainText(
    'Your trial has expired. Choose a plan to continue with full access.',
  );
  const refused = await page.request.post('/api/notebooks', { data: {} });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe('read_only');
}

/** docs/PRODUCT.md §10.8: every page passes axe-core with no serious or critical violation. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      where: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(blocking).toEqual([]);
}

/** A new confirmed account signed in through the UI, whatever its trial state; lands on /app. */
export async function signIn(page: Page, server: JotlistServer) {
  const account = await createConfirmedAccount(server);
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/app$/);
  return account;
}

/** Subscribes the signed-in browser through the same test-mode endpoints the checkout page uses. */
export async function subscribeThroughApi(page: Page, priceId?: string) {
  const start = await page.request.post('/api/billing/checkout-session', {
    data: priceId ? { priceId } : {},
  });
  expect(start.ok()).toBe(true);
  const { sessionId } = (await start.json()) as { sessionId: string };
  const paid = await page.request.post(`/api/billing/test-mode/checkout/${sessionId}/pay`, { data: {} });
  expect(paid.ok()).toBe(true);
  await expect
    .poll(
      async () => (await (await page.request.get('/api/billing/subscription')).json()).subscription?.status,
    )
    .toBe('active');
}
