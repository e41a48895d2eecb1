import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { messages } from '../src/shared/messages.ts';
import { seriousViolations } from './a11y-helpers.ts';
import { createConfirmedAccount } from './accounts.ts';
import { expect, test } from './fixtures.ts';

const t = messages.twoStep;
const inApp = /\/app(\/pages\/[0-9a-f-]+)?$/;

/** What the authenticator app shows for the secret; `steps` later is the app's next code (accepted ±1). */
const codeFor = (secret: string, steps = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + steps * 30_000,
  });

async function enterPassword(page: Page, email: string, password: string) {
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function openAccountSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Account' }).click();
}

/** Signs out from Settings → Account (opened first unless `settingsOpen`). */
async function signOut(page: Page, settingsOpen = false) {
  if (!settingsOpen) await openAccountSettings(page);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
}

test('turn on two-step sign-in, then sign in with a code and with a recovery code', async ({
  page,
  server,
}) => {
  // Three sign-ins, a set-up and four axe scans: longer than one screen's journey, on a shared machine.
  test.setTimeout(90_000);
  const account = await createConfirmedAccount(server);
  await enterPassword(page, account.email, account.password);
  await expect(page).toHaveURL(inApp);

  // Settings → Account: turn on, after the password.
  await openAccountSettings(page);
  const section = page.getByRole('region', { name: t.title });
  await expect(section).toContainText(t.descriptionOff);
  await section.getByRole('button', { name: t.turnOn }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on two-step sign-in' });
  await dialog.getByLabel(`${messages.auth.reauthTitle}: your password`).fill(account.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // The QR code and the key as text; the key is what a person would type into the app.
  await expect(dialog.getByRole('img', { name: t.qrAlt })).toBeVisible();
  const secret = (await dialog.getByTestId('two-step-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel(t.codeLabel).fill(codeFor(secret));
  await dialog.getByRole('button', { name: t.verify }).click();

  // Ten recovery codes, once, downloadable as a .txt file.
  const codesDialog = page.getByRole('dialog', { name: t.recoveryTitle });
  const codeItems = codesDialog.getByRole('list', { name: t.recoveryTitle }).getByRole('listitem');
  await expect(codeItems).toHaveCount(10);
  const codes = await codeItems.allTextContents();
  expect(await seriousViolations(page)).toEqual([]);
  const download = page.waitForEvent('download');
  await codesDialog.getByRole('button', { name: t.download }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('jotlist-recovery-codes.txt');
  const text = await readFile(await file.path(), 'utf8');
  for (const code of codes) expect(text).toContain(code);
  await codesDialog.getByRole('button', { name: t.done }).click();
  await expect(section.getByText(t.turnedOn)).toBeVisible();
  await expect(section).toContainText(t.recoveryLeft(10));

  // Signed out, the password alone no longer signs in: the code from the app is asked.
  await signOut(page, true);
  await enterPassword(page, account.email, account.password);
  const codeField = page.getByLabel(t.codeLabel);
  await expect(codeField).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  expect(await seriousViolations(page)).toEqual([]);
  // The app's next code: the one used to turn it on is spent.
  await codeField.fill(codeFor(secret, 1));
  await page.getByRole('button', { name: t.verify }).click();
  await expect(page).toHaveURL(inApp);

  // Signed out again: a recovery code instead, which says how many are left.
  await signOut(page);
  await enterPassword(page, account.email, account.password);
  await page.getByRole('button', { name: t.useRecoveryCode }).click();
  await page.getByLabel(t.recoveryCodeLabel).fill(codes[0] ?? '');
  await page.getByRole('button', { name: t.verify }).click();
  await expect(page.getByText(t.recoveryUsed(9))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(inApp);
  await openAccountSettings(page);
  await expect(page.getByRole('region', { name: t.title })).toContainText(t.recoveryLeft(9));
});
