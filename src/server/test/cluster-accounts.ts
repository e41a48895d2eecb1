import { randomInt, randomUUID } from 'node:crypto';
import type { Cluster } from './cluster.ts';

/** Accounts and signed-in calls for the cluster tests, through the real API and the real mail. */

export const clusterPassword = 'Str0ng&Pass';

export const uniqueClusterEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** A client address of its own (the instances trust X-Forwarded-For from nginx on loopback). */
export const randomClientIp = () => `10.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

export interface SignedIn {
  email: string;
  /** The Cookie header: jl_access and jl_refresh. */
  cookie: string;
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Signs up through nginx (or straight at one server: `url`), opens the mailed link, and answers the confirmed, signed-in session. */
export async function confirmedAccount(
  cluster: Pick<Cluster, 'url' | 'smtp'>,
  label = 'cluster',
): Promise<SignedIn> {
  const email = uniqueClusterEmail(label);
  const ip = randomClientIp();
  const headers = { 'x-forwarded-for': ip };
  const signUp = await postJson(
    `${cluster.url}/api/auth/signup`,
    { email, password: clusterPassword, confirmPassword: clusterPassword },
    headers,
  );
  if (signUp.status !== 202) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const mail = await cluster.smtp.waitFor((m) => m.to.includes(email), 20_000);
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(`${cluster.url}/auth/callback?`));
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no confirmation link in "${mail.subject}"`);
  const confirmed = await postJson(`${cluster.url}/api/auth/confirm-email`, { token }, headers);
  if (!confirmed.ok) throw new Error(`confirmation answered ${confirmed.status}: ${await confirmed.text()}`);
  return { email, cookie: cookieOf(confirmed) };
}

/** A signed-in request as a browser of APP_URL would send it (cookies, and Origin on writes). */
export function asSignedIn(
  cluster: Pick<Cluster, 'url'>,
  account: SignedIn,
  init: RequestInit = {},
): RequestInit {
  return {
    ...init,
    headers: {
      cookie: account.cookie,
      origin: cluster.url,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  };
}
