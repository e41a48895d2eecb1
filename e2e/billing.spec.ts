import {
  expectAccessible,
  expectWritable,
  openBillingTab,
  payOnTestCheckout,
  subscribeThroughApi,
  trialBanner,
} from './billing-helpers.ts';
import { expect, test } from './fixtures.ts';
import { signInToWorkspace } from './notes-helpers.ts';

// No STRIPE_SECRET_KEY reaches the server (fixtures.ts sets none): checkout and portal are test mode.
test.describe('billing in test mode', () => {
  test('a trial user chooses yearly, pays on the test checkout and gets full access', async ({
    page,
    server,
  }) => {
    test.setTimeout(90_000);
    const account = await signInToWorkspace(page, server);
    await expect(trialBanner(page)).toContainText('Upgrade to the yearly plan and save 17%.');

    // The banner's action opens Settings → Billing.
    await trialBanner(page).getByRole('button', { name: 'Upgrade' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await expect(settings.getByRole('tab', { name: 'Billing', selected: true })).toBeVisible();
    await expect(settings.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
    await expect(settings.getByText('No active subscription found')).toBeVisible();
    const yearly = settings.getByRole('listitem', { name: 'Yearly Plan' });
    await expect(yearly.getByText('Most Popular')).toBeVisible();
    await expect(yearly.getByText('$4.17/month')).toBeVisible();
    await expectAccessible(page);
    await yearly.getByRole('button', { name: 'Choose Yearly Plan' }).click();

    await payOnTestCheckout(page, 'Yearly Plan', '$50.00');
    await expectWritable(page);

    // The confirmation e-mail is really sent once the subscription is active.
    const mail = await server.smtp.waitFor(
      (m) => m.to.includes(account.email) && /subscri/i.test(`${m.subject} ${m.text}`),
      10_000,
    );
    expect(mail.subject).toBeTruthy();

    // The billing tab now shows the subscription.
    const billing = await openBillingTab(page);
    await expect(billing.getByText('Active', { exact: true })).toBeVisible();
    await expect(billing.getByText('Next Billing Date')).toBeVisible();
    await expect(billing.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
  });

  test('the test portal resumes a cancelled subscription', async ({ page, server }) => {
    await signInToWorkspace(page, server);
    await subscribeThroughApi(page, 'price_test_monthly');

    await page.goto('/billing/test-portal');
    await expect(page.getByText('Monthly Plan')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    await expect(page.getByText('Subscription Expires')).toBeVisible();
    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await expect(page.getByText('Next Billing Date')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel at period end' })).toBeVisible();
  });

  test('cancelling on the test checkout page shows the checkout-canceled screen', async ({
    page,
    server,
  }) => {
    await signInToWorkspace(page, server);
    const billing = await openBillingTab(page);
    await billing.getByRole('button', { name: 'Choose Monthly Plan' }).click();
    await expect(page).toHaveURL(/\/billing\/test-checkout\?session=/);
    await expect(page.getByText('Monthly Plan')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await expect(page).toHaveURL(/\/checkout\/cancel$/);
    await expect(page.getByRole('heading', { name: 'Checkout Canceled' })).toBeVisible();
    await expect(
      page.getByText('Your payment was not completed. No charges have been made to your account.'),
    ).toBeVisible();
    await expect(
      page.getByText('Your trial continues until the end date. You can upgrade anytime.'),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(trialBanner(page)).toBeVisible();
  });
});
