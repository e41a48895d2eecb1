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

/**
 * A new account whose e-mail is confirmed, ready to sign in. A real sign-up starts with the `Getting
 * started` notebook and list; journeys about other things get an empty account (both are deleted through
 * the API, as their owner could) unless `{ starterContent: true }` keeps them.
 */
export async function createConfirmedAccount(
  server: JotlistServer,
  email = uniqueEmail(),
  password = testPassword,
  options: { starterContent?: boolean } = {},
): Promise<TestAccount> {
  await postJson(server, '/api/auth/signup', { email, password, confirmPassword: password });
  const mail = await server.smtp.waitFor((m) => m.to.includes(email), 10_000);
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(`${server.baseURL}/auth/callback?`));
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`No confirmation link in the mail "${mail.subject}" to ${email}`);
  const confirmed = await postJson(server, '/api/auth/confirm-email', { token });
  if (!options.starterContent) await deleteStarterContent(server, confirmed);
  return { email, password };
}

/**
 * Deletes every notebook and list of the account the confirmation signed in (its cookies); a read-only
 * account keeps them, as it could not delete them either.
 */
async function deleteStarterContent(server: JotlistServer, confirmed: Response): Promise<void> {
  const cookie = confirmed.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const call = async (method: 'GET' | 'DELETE', path: string) => {
    const response = await fetch(`${server.baseURL}${path}`, {
      method,
      headers: { cookie, origin: server.baseURL },
    });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  const profile = (await (await call('GET', '/api/auth/session')).json()) as {
    profile: { readOnly: boolean } | null;
  };
  // A read-only account (a server with TRIAL_DAYS=0) cannot delete anything, its owner neither.
  if (profile.profile?.readOnly) return;
  const notes = (await (await call('GET', '/api/notes/tree')).json()) as { notebooks: Array<{ id: string }> };
  for (const notebook of notes.notebooks) await call('DELETE', `/api/notebooks/${notebook.id}`);
  const todos = (await (await call('GET', '/api/todos/tree')).json()) as { todos: Array<{ id: string }> };
  for (const todo of todos.todos) await call('DELETE', `/api/todos/${todo.id}`);
}
