import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { messages } from '../src/shared/messages.ts';
import { seriousViolations } from './a11y-helpers.ts';
import { createConfirmedAccount, type TestAccount } from './accounts.ts';
import { expect, type JotlistServer, test } from './fixtures.ts';

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

/** Turns two-step sign-in on through the API, as Settings does; returns the secret. */
async function turnOnByApi(server: JotlistServer, account: TestAccount): Promise<string> {
  let cookie = '';
  const post = async (path: string, body?: object) => {
    const res = await fetch(`${server.baseURL}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.baseURL,
        'x-forwarded-for': '10.91.0.1',
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body ?? {}),
    });
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
    const set = res.headers.getSetCookie().map((line) => line.split(';')[0]);
    if (set.length > 0) cookie = set.join('; ');
    return res.json();
  };
  await post('/api/auth/signin', { email: account.email, password: account.password });
  await post('/api/account/reauth', { password: account.password });
  const { secret } = (await post('/api/account/two-step/setup')) as { secret: string };
  await post('/api/account/two-step/enable', { code: codeFor(secret) });
  return secret;
}

test('a mailed sign-in link ends in the code step when two-step sign-in is on', async ({ page, server }) => {
  const account = await createConfirmedAccount(server);
  const secret = await turnOnByApi(server, account);
  const before = server.smtp.messages.length;
  const asked = await fetch(`${server.baseURL}/api/auth/signin-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.91.0.2' },
    body: JSON.stringify({ email: account.email }),
  });
  expect(asked.status).toBe(202);
  const mail = await server.smtp.waitFor(
    (m) => m.to.includes(account.email) && server.smtp.messages.indexOf(m) >= before,
  );
  const link = mail.text.match(/https?:\/\/\S+\/auth\/callback\?type=signin_link&token=\S+/)?.[0];
  expect(link).toBeDefined();

  // The mailbox alone is not enough: the link leads to the code, not into the app.
  await page.goto(link as string);
  const codeField = page.getByLabel(t.codeLabel);
  await expect(codeField).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await codeField.fill(codeFor(secret, 1));
  await page.getByRole('button', { name: t.verify }).click();
  await expect(page).toHaveURL(inApp);
});
