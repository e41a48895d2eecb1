import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { messages } from '../../../shared/messages.ts';
import type { PushSubscriptionBody } from '../../../shared/schemas/reminder.ts';
import { badRequest } from '../../app-error.ts';
import type { Config } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import { deleteSubscription, upsertSubscription } from './push.repo.ts';
import { loadVapidDetails } from './vapid-keys.ts';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Address literals a push service never has: loopback, private, link-local (the server must not call them). */
function isPrivateLiteral(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) return /^(0|10|127|169\.254|172\.(1[6-9]|2\d|3[01])|192\.168)\./.test(bare);
  if (isIP(bare) === 6) return bare === '::1' || /^(fc|fd|fe80|::ffff:)/i.test(bare);
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

/**
 * A push endpoint the server may POST to. Fails closed: https to a public host, or, outside production,
 * http or https to this machine (the tests' push service); anything else or unreadable is refused.
 */
export function isAllowedEndpoint(endpoint: string, config: Pick<Config, 'isProduction'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const loopback = loopbackHosts.has(url.hostname) || /^127\./.test(url.hostname);
  if (loopback) return !config.isProduction && (url.protocol === 'http:' || url.protocol === 'https:');
  return url.protocol === 'https:' && !isPrivateLiteral(url.hostname);
}

export async function subscribe(
  deps: AppDeps,
  userId: string,
  body: PushSubscriptionBody,
  userAgent: string | undefined,
): Promise<void> {
  if (!isAllowedEndpoint(body.endpoint, deps.config)) {
    throw badRequest(messages.api.invalidInput, { endpoint: messages.reminders.pushEndpointInvalid });
  }
  await upsertSubscription(deps.database.db, {
    id: randomUUID(),
    user_id: userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    user_agent: userAgent?.slice(0, 300) ?? null,
    created_at: deps.now().toISOString(),
  });
}

/** Forgets this browser's subscription (only the user's own: another's endpoint is left alone, silently). */
export async function unsubscribe(deps: AppDeps, userId: string, endpoint: string): Promise<void> {
  await deleteSubscription(deps.database.db, userId, endpoint);
}

export const publicKey = (deps: AppDeps) => loadVapidDetails(deps.config).publicKey;
