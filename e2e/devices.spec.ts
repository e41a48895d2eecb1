import type { Page } from '@playwright/test';
import { messages } from '../src/shared/messages.ts';
import { createConfirmedAccount, uniqueEmail } from './accounts.ts';
import { expect, test } from './fixtures.ts';

const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const inApp = /\/app(\/pages\/[0-9a-f-]+)?$/;

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(inApp);
}

test('Settings lists two signed-in devices and signs the other one out', async ({
  page,
  browser,
  baseURL,
  server,
}) => {
  const account = await createConfirmedAccount(server);
  await signIn(page, account.email, account.password);
  const otherContext = await browser.newContext({ baseURL, userAgent: firefoxOnWindows });
  const other = await otherContext.newPage();
  try {
    await signIn(other, account.email, account.password);

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Account' }).click();
    // Both browsers are listed (the account helper's own API session may be a third row).
    const list = page.getByRole('list', { name: messages.devices.title });
    const thisOne = list.getByRole('listitem').filter({ hasText: messages.devices.thisDevice });
    await expect(thisOne).toContainText('Chrome on Linux');
    const firefox = list.getByRole('listitem').filter({ hasText: 'Firefox on Windows' });
    await expect(firefox).toHaveCount(1);
    await firefox.getByRole('button', { name: 'Sign out Firefox on Windows' }).click();
    await expect(page.getByText(messages.devices.signedOut)).toBeVisible();
    await expect(firefox).toHaveCount(0);

    // The other browser is signed out at once: its next load of the app goes to sign-in.
    await other.goto('/app');
    await expect(other).toHaveURL(/\/auth\/signin$/);
  } finally {
    await otherContext.close();
  }
});

test('a breached password is refused on sign-up with the message under the field', async ({ page }) => {
  await page.goto('/auth/signup');
  await page.getByLabel('Email').fill(uniqueEmail('breach'));
  await page.getByLabel('Password', { exact: true }).fill('Password1!');
  await page.getByLabel('Confirm password').fill('Password1!');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(messages.validation.passwordBreached).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signup$/);
});
