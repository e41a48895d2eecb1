import { messages } from '../src/shared/messages.ts';
import { createConfirmedAccount } from './accounts.ts';
import { expect, test } from './fixtures.ts';

/**
 * docs/PRODUCT.md §10.2: a stranger who knows an address trips its sign-in limit with wrong passwords; the owner,
 * refused with the right one, gets in with a one-time link mailed from the sign-in screen.
 */
test('locked out by a stranger, the owner signs in with a mailed one-time link', async ({ page, server }) => {
  const account = await createConfirmedAccount(server);
  // 30 wrong passwords from 30 addresses (the server trusts X-Forwarded-For from loopback here).
  for (let i = 1; i <= 30; i++) {
    const res = await fetch(`${server.baseURL}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.0.${i}` },
      body: JSON.stringify({ email: account.email, password: 'Wr0ng&Guess' }),
    });
    expect(res.status).toBe(401);
  }

  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(messages.auth.rateLimited);

  const before = server.smtp.messages.length;
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText(messages.auth.signInLinkSent)).toBeVisible();
  const mail = await server.smtp.waitFor(
    (m) => m.to.includes(account.email) && server.smtp.messages.indexOf(m) >= before,
  );
  const link = mail.text.match(/https?:\/\/\S+\/auth\/callback\?type=signin_link&token=\S+/)?.[0];
  expect(link?.startsWith(server.baseURL)).toBe(true);

  await page.goto(link as string);
  await expect(page.getByText(messages.auth.signedInByLink)).toBeVisible();
  await expect(page).toHaveURL(/\/app$/, { timeout: 6_000 });
});
