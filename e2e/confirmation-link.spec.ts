import { randomUUID } from 'node:crypto';
import { messages } from '../src/shared/messages.ts';
import { expect, test } from './fixtures.ts';

/**
 * A newcomer whose confirmation link does not work (cut by a mail program, already used, expired): the
 * callback says the link is invalid or expired (not "No session found") and mails a new one on request.
 */
test('a broken confirmation link says so, and a new link can be asked for right there', async ({
  page,
  server,
}) => {
  const email = `newcomer-${randomUUID().slice(0, 8)}@jotlist.test`;
  const password = 'Correct1!horse';
  await page.goto('/auth/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: messages.auth.checkEmail })).toBeVisible();

  const isConfirmation = (text: string) => text.includes('/auth/callback?token=');
  const first = await server.smtp.waitFor((mail) => mail.to.includes(email) && isConfirmation(mail.text));
  const link = first.text.match(/https?:\/\/\S+\/auth\/callback\?token=\S+/)?.[0] ?? '';
  expect(link).not.toBe('');

  // The link as a mail program that cuts long lines leaves it.
  await page.goto(link.slice(0, -10));
  await expect(page.getByText(messages.auth.invalidLink)).toBeVisible();
  await expect(page.getByText(messages.auth.noSessionFound)).toHaveCount(0);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send a new confirmation link' }).click();
  await expect(page.getByText(messages.auth.confirmationResent)).toBeVisible();

  const mailsBefore = server.smtp.messages.indexOf(first);
  const second = await server.smtp.waitFor(
    (mail) =>
      mail.to.includes(email) &&
      isConfirmation(mail.text) &&
      server.smtp.messages.indexOf(mail) > mailsBefore,
  );
  const newLink = second.text.match(/https?:\/\/\S+\/auth\/callback\?token=\S+/)?.[0] ?? '';
  await page.goto(newLink);
  await expect(page.getByText(messages.auth.emailConfirmed)).toBeVisible();
});
