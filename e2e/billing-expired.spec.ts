import {
  expectReadOnly,
  expectWritable,
  openBillingTab,
  payOnTestCheckout,
  signIn,
  subscribeThroughApi,
  trialBanner,
} from './billing-helpers.ts';
import { expect, test } from './fixtures.ts';

// TRIAL_DAYS=0: every new account's trial is over at once, so without a subscription it is read-only.
test.use({ serverEnv: { TRIAL_DAYS: '0' } });

test('an expired account sees the workspace read-only, pays, and can write again', async ({
  page,
  server,
}) => {
  test.setTimeout(90_000);
  await signIn(page, server);
  await expectReadOnly(page);

  await trialBanner(page).getByRole('button', { name: 'Choose a plan' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(
    settings.getByText('Your trial has expired. Choose a plan to continue with full access.'),
  ).toBeVisible();
  await expect(settings.getByText('No active subscription found')).toBeVisible();
  await settings.getByRole('button', { name: 'Choose Yearly Plan' }).click();

  await payOnTestCheckout(page, 'Yearly Plan', '$50.00');
  await expectWritable(page);
});

test('a subscriber cancels, keeps access until the period ends, then becomes read-only', async ({
  page,
  server,
}) => {
  test.setTimeout(60_000);
  await signIn(page, server);
  await subscribeThroughApi(page);
  await page.reload();
  await expectWritable(page);

  const billing = await openBillingTab(page);
  await expect(billing.getByText('Next Billing Date')).toBeVisible();
  await billing.getByRole('button', { name: 'Cancel Subscription' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
  await confirm.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(billing.getByText('Subscription Expires')).toBeVisible();
  await expect(billing.getByText('Next Billing Date')).toHaveCount(0);
  await expect(billing.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  // Cancelling means at period end: the account stays writable until then.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'New notebook', exact: true })).toBeEnabled();

  // The test portal ends the period; the subscription ends with it.
  await openBillingTab(page);
  await page.getByRole('button', { name: 'Open Billing Portal' }).click();
  await expect(page).toHaveURL(/\/billing\/test-portal$/);
  await expect(page.getByText('Test mode — no real payment is taken')).toBeVisible();
  await expect(page.getByText('Subscription Expires')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'End billing period now (test mode)' }).click();
  await expect(page.getByText(/^(Canceled|No active subscription found)$/)).toBeVisible();
  await page.getByRole('link', { name: 'Return to Jotlist' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expectReadOnly(page);

  // Resubscribing restores full access (docs/PRODUCT.md §4).
  await trialBanner(page).getByRole('button', { name: 'Choose a plan' }).click();
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('button', { name: 'Choose Monthly Plan' })
    .click();
  await payOnTestCheckout(page, 'Monthly Plan', '$5.00');
  await expectWritable(page);
});
