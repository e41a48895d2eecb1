import { randomUUID } from 'node:crypto';
import type { JotlistServer } from './fixtures.ts';

/**
 * Accounts for journeys that start signed in, made through the real API and the real mail: sign up,
 * read the confirmation link from the SMTP sink, confirm. The browser stays signed out; sign in through
 * the UI (or use the returned credentials however the journey needs).
 */
export interface TestAccount {
  email: string;
  password: string;
}

export const testPassword = 'Str0ng&Pass';

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

// The auth endpoints limit requests per client address. The server trusts X-Forwarded-For from
// loopback, so each set-up call speaks from its own address and never eats a journey's allowance.
let lastIp = 0;
const nextIp = () => {
  lastIp += 1;
  return `10.200.${(lastIp >> 8) & 255}.${lastIp & 255}`;
};

async function postJson(server: JotlistServer, path: string, body: object): Promise<Response> {
  const response = await fetch(`${server.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** A new account whose e-mail is confirmed, ready to sign in. */
export async function createConfirmedAccount(
  server: JotlistServer,
  email = uniqueEmail(),
  password = testPassword,
): Promise<TestAccount> {
  await postJson(server, '/api/auth/signup', { email, password, confirmPassword: password });
  const mail = await server.smtp.waitFor((m) => m.to.includes(email), 10_000);
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(`${server.baseURL}/auth/callback?`));
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`No confirmation link in the mail "${mail.subject}" to ${email}`);
  await postJson(server, '/api/auth/confirm-email', { token });
  return { email, password };
}
