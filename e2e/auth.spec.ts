import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { messages } from '../src/shared/messages.ts';
import { expect, type JotlistServer, test } from './fixtures.ts';

/** The workspace: `/app`, or the page it opened (`/app/pages/<id>`, a new account's starter page). */
const inApp = /\/app(\/pages\/[\w-]+)?$/;

/**
 * Accounts in a real browser against the real server and a real SMTP sink: sign-up with the mailed
 * confirmation link, sessions across reloads and tabs, the kept return path, password reset by mail,
 * e-mail change, and account deletion.
 */

const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@jotlist.test`;

/** The first link of `path` in the newest mail to `to` (links are built from APP_URL = baseURL). */
async function mailedLink(server: JotlistServer, to: string, path: string, after = 0): Promise<string> {
  const mail = await server.smtp.waitFor(
    (m) => m.to.includes(to) && m.text.includes(path) && server.smtp.messages.indexOf(m) >= after,
  );
  const link = mail.text.match(new RegExp(`https?://\\S+${path.replace(/[?]/g, '\\?')}\\S*`))?.[0];
  if (!link) throw new Error(`No ${path} link in the mail to ${to}:\n${mail.text}`);
  expect(link.startsWith(server.baseURL)).toBe(true);
  return link;
}

async function signUp(page: Page, email: string, password: string) {
  await page.goto('/auth/signup');
  await expect(page.getByText(messages.auth.startTrial)).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expect(page.getByText(messages.auth.strongPassword)).toBeVisible();
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: messages.auth.checkEmail })).toBeVisible();
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function openAccountSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Account' }).click();
}

test('sign up, confirm by mail, stay signed in, sign out in every tab, and come back to /app', async ({
  page,
  context,
  server,
}) => {
  const email = uniqueEmail('ann');
  const password = 'Correct1!horse';
  await signUp(page, email, password);
  // After 3 s the sign-up screen hands over to sign-in with a message.
  await expect(page).toHaveURL(/\/auth\/signin$/, { timeout: 6_000 });
  await expect(page.getByText(messages.auth.signUpDone)).toBeVisible();

  // Not confirmed yet: sign-in says so and offers a new link, which really is mailed.
  await signIn(page, email, password);
  await expect(page.getByRole('alert')).toContainText(messages.auth.emailNotConfirmed);
  const before = server.smtp.messages.length;
  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(page.getByText(messages.auth.confirmationResent)).toBeVisible();

  const link = await mailedLink(server, email, '/auth/callback?token=', before);
  await page.goto(link);
  await expect(page.getByText(messages.auth.emailConfirmed)).toBeVisible();
  await expect(page).toHaveURL(inApp, { timeout: 6_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Workspace' })).toBeVisible();

  // The session lives in httpOnly cookies; the shared local key holds no secret.
  const cookies = await context.cookies();
  expect(cookies.filter((c) => c.name.startsWith('jl_')).every((c) => c.httpOnly)).toBe(true);
  const stored = await page.evaluate(() => localStorage.getItem('jotlist-auth-token'));
  expect(Object.keys(JSON.parse(stored ?? '{}')).sort()).toEqual(['at', 'signedIn', 'userId']);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Workspace' })).toBeVisible();
  await expect(page).toHaveURL(inApp);

  // A second tab of the same browser is signed in too, and follows the sign-out made in the first.
  const otherTab = await context.newPage();
  await otherTab.goto('/app');
  await expect(otherTab.getByRole('heading', { level: 1, name: 'Workspace' })).toBeVisible();

  await openAccountSettings(page);
  await expect(page.getByRole('tabpanel', { name: 'Account' }).getByText(email)).toBeVisible();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(otherTab).toHaveURL(/\/auth\/signin$/);
  await otherTab.close();

  // The guarded page sends the visitor to sign in and back to it afterwards.
  await page.goto('/app');
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await signIn(page, email, 'Wrong1!password');
  await expect(page.getByRole('alert')).toContainText(messages.auth.invalidCredentials);
  await signIn(page, email, password);
  await expect(page).toHaveURL(inApp);
  await expect(page.getByRole('heading', { level: 1, name: 'Workspace' })).toBeVisible();
});

test('forgot password: the mailed link sets a new password, once', async ({ page, context, server }) => {
  const email = uniqueEmail('bob');
  await signUp(page, email, 'Orig1nal!Tulip');
  await page.goto(await mailedLink(server, email, '/auth/callback?token='));
  await expect(page).toHaveURL(inApp, { timeout: 6_000 });
  await openAccountSettings(page);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  const before = server.smtp.messages.length;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: messages.auth.checkEmail })).toBeVisible();

  const resetLink = await mailedLink(server, email, '/auth/reset-password?token=', before);
  await page.goto(resetLink);
  await page.getByLabel('New password').fill('Replaced2@');
  await page.getByLabel('Confirm password').fill('Replaced2@');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText(messages.auth.passwordUpdatedSignIn)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signin$/, { timeout: 6_000 });
  await expect(page.getByText(messages.auth.passwordUpdatedSignIn)).toBeVisible();

  await signIn(page, email, 'Orig1nal!Tulip');
  await expect(page.getByRole('alert')).toContainText(messages.auth.invalidCredentials);
  await signIn(page, email, 'Replaced2@');
  await expect(page).toHaveURL(inApp);

  // The link was single use.
  await context.clearCookies();
  await page.goto(resetLink);
  await page.getByLabel('New password').fill('Another3$Heron');
  await page.getByLabel('Confirm password').fill('Another3$Heron');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.auth.invalidResetLink);
});

test('change e-mail by the link mailed to the new address, then delete the account', async ({
  page,
  server,
}) => {
  const email = uniqueEmail('cat');
  const newEmail = uniqueEmail('cat-new');
  await signUp(page, email, 'Kitten1!purr');
  await page.goto(await mailedLink(server, email, '/auth/callback?token='));
  await expect(page).toHaveURL(inApp, { timeout: 6_000 });

  await openAccountSettings(page);
  const change = page.getByRole('region', { name: 'Change email' });
  await change.getByLabel('New email').fill(newEmail);
  await change.getByLabel('Current password').fill('Kitten1!purr');
  await change.getByRole('button', { name: 'Update Email' }).click();
  await expect(change.getByText(messages.auth.verificationSent)).toBeVisible();

  await page.goto(await mailedLink(server, newEmail, '/auth/callback?type=email_change&token='));
  await expect(page.getByText(messages.auth.emailConfirmed)).toBeVisible();
  await expect(page).toHaveURL(inApp, { timeout: 6_000 });
  await expect(page.getByText(newEmail).first()).toBeVisible();

  await openAccountSettings(page);
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel(/your password/).fill('Kitten1!purr');
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(messages.validation.typeDelete);
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  expect(await page.evaluate(() => localStorage.getItem('jotlist-auth-token'))).toBeNull();

  // The account is gone: its address no longer signs in.
  await page.goto('/auth/signin');
  await signIn(page, newEmail, 'Kitten1!purr');
  await expect(page.getByRole('alert')).toContainText(messages.auth.invalidCredentials);
});

test('signing out of all devices ends the session on another device, which then says it expired', async ({
  page,
  browser,
  server,
}) => {
  const email = uniqueEmail('dan');
  const password = 'Devices1!many';
  await signUp(page, email, password);
  await page.goto(await mailedLink(server, email, '/auth/callback?token='));
  await expect(page).toHaveURL(inApp, { timeout: 6_000 });

  // Another device: its own browser context, so its own cookies and storage.
  const laptop = await browser.newContext({ baseURL: server.baseURL });
  const other = await laptop.newPage();
  await other.goto('/app');
  await expect(other).toHaveURL(/\/auth\/signin$/);
  await signIn(other, email, password);
  await expect(other.getByRole('heading', { level: 1, name: 'Workspace' })).toBeVisible();

  await openAccountSettings(page);
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(page.getByText(messages.auth.signedOutEverywhere)).toBeVisible();

  await other.reload();
  await expect(other).toHaveURL(/\/auth\/signin$/);
  await expect(other.getByText(messages.auth.sessionExpired)).toBeVisible();
  await laptop.close();
});
