import type { Page } from '@playwright/test';
import { messages } from '../src/shared/messages.ts';
import { seriousViolations } from './a11y-helpers.ts';
import { createConfirmedAccount } from './accounts.ts';
import { expect, type JotlistServer, test } from './fixtures.ts';

const m = messages.passkeys;
const inApp = /\/app(\/pages\/[0-9a-f-]+)?$/;

// WebAuthn needs a domain name: at 127.0.0.1 the browser refuses every passkey. With APP_URL unset the
// server is APP_URL http://localhost:<port> and answers at the loopback addresses too (config.ts), so the
// journey browses at localhost while the account helpers speak to 127.0.0.1.
test.use({ serverEnv: { APP_URL: '' } });
const localhost = (server: JotlistServer) => server.baseURL.replace('127.0.0.1', 'localhost');

/**
 * Chromium's virtual authenticator (DevTools protocol): a platform authenticator that keeps discoverable
 * credentials, verifies the user and answers at once, as a laptop's fingerprint reader would.
 */
/** A browser without conditional UI, where only the button signs in with a passkey. */
const noConditionalUi = () => {
  PublicKeyCredential.isConditionalMediationAvailable = async () => false;
};

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/**
 * Signs out. The sign-in screen that follows would start conditional UI, and the virtual authenticator
 * answers it at once, signing straight back in; so this document is told conditional UI is missing first.
 */
async function signOut(page: Page) {
  await page.evaluate(noConditionalUi);
  await openAccountSettings(page);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
}

/** Opens Settings → Account; again if a click landed while the workspace was still starting up. */
async function openAccountSettings(page: Page) {
  const account = page.getByRole('tab', { name: 'Account' });
  await expect(async () => {
    if (!(await account.isVisible())) await page.getByRole('button', { name: 'Settings' }).click();
    await expect(account).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await account.click();
}

test('adds a passkey in Settings, signs in with it alone, and removes it after the password', async ({
  page,
  server,
}) => {
  // Four sign-ins and four axe runs on a shared machine: more than the default 30 s.
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '10.91.0.1' });
  const account = await createConfirmedAccount(server);
  const authenticator = await addVirtualAuthenticator(page);

  await page.goto(`${localhost(server)}/auth/signin`);
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(inApp);

  await openAccountSettings(page);
  await expect(page.getByText(m.none)).toBeVisible();
  await page.getByRole('button', { name: m.add }).click();
  const addDialog = page.getByRole('dialog', { name: m.addTitle });
  // Named after this browser unless the person says otherwise.
  await expect(addDialog.getByLabel(m.nameLabel)).toHaveValue('Chrome on Linux');
  expect(await seriousViolations(page)).toEqual([]);
  await addDialog.getByRole('button', { name: m.addContinue }).click();
  await expect(page.getByText(m.added)).toBeVisible();
  const list = page.getByRole('list', { name: m.title });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Chrome on Linux');
  await expect(list).toContainText(m.neverUsed);
  expect(await authenticator.credentials()).toHaveLength(1);
  expect(await seriousViolations(page)).toEqual([]);

  // Signed out, the passkey alone signs in, no e-mail typed. Where the browser offers conditional UI,
  // the e-mail field's suggestions hold the passkey; the virtual authenticator picks it at once.
  await signOut(page);
  await page.goto(`${localhost(server)}/auth/signin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Workspace' })).toBeVisible();

  // Where it does not (made so here), the button does the same.
  await signOut(page);
  await page.addInitScript(noConditionalUi);
  await page.goto(`${localhost(server)}/auth/signin`);
  await page.getByRole('button', { name: m.signIn }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Workspace' })).toBeVisible();

  await openAccountSettings(page);
  await expect(list).toContainText(m.lastUsed);
  // "Confirm it's you" by passkey, in the delete dialog (then cancelled: nothing is deleted).
  await page.getByRole('button', { name: 'Delete account' }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await deleteDialog.getByRole('button', { name: m.useForReauth }).click();
  await expect(deleteDialog.getByText(m.confirmedWithPasskey)).toBeVisible();
  await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(deleteDialog).toBeHidden();
  // Removing asks "Confirm it's you" first; a passkey could answer, the password does here.
  await list.getByRole('button', { name: `${m.remove} Chrome on Linux` }).click();
  const removeDialog = page.getByRole('dialog', { name: m.removeTitle });
  await expect(removeDialog.getByRole('button', { name: m.useForReauth })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await removeDialog.getByLabel(/your password/).fill(account.password);
  await removeDialog.getByRole('button', { name: m.remove, exact: true }).click();
  await expect(page.getByText(m.removed)).toBeVisible();
  await expect(page.getByText(m.none)).toBeVisible();
});

test('the sign-in screen passes axe with the passkey button', async ({ page, server }) => {
  await page.addInitScript(noConditionalUi);
  await page.goto(`${localhost(server)}/auth/signin`);
  await expect(page.getByRole('button', { name: m.signIn })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
