import webpush from 'web-push';
import type { AppDeps } from '../../deps.ts';
import type { PushSubscriptionRow } from './push.repo.ts';
import { loadVapidDetails } from './vapid-keys.ts';

/** A reminder is worth little a day late: the push service may hold it that long for an offline browser. */
const ttlSeconds = 24 * 60 * 60;
const timeoutMs = 10_000;

export type PushResult = { ok: true } | { ok: false; gone: boolean; status: number | null; reason: string };

/**
 * One encrypted push (RFC 8291 aes128gcm, VAPID-signed): web-push builds the request (payload encryption,
 * VAPID JWT, TTL, urgency) and fetch sends it, so a test push service on loopback http works as well as
 * the real https ones (web-push's own sender speaks https only).
 */
export async function sendPush(
  deps: AppDeps,
  subscription: PushSubscriptionRow,
  payload: string,
): Promise<PushResult> {
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      {
        vapidDetails: loadVapidDetails(deps.config),
        TTL: ttlSeconds,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      },
    );
  } catch (error) {
    // Keys a browser would never send (the row was accepted, but cannot be encrypted for): drop it.
    return { ok: false, gone: true, status: null, reason: (error as Error).message };
  }
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return { ok: true };
    const gone = response.status === 404 || response.status === 410;
    return { ok: false, gone, status: response.status, reason: `push service answered ${response.status}` };
  } catch (error) {
    return { ok: false, gone: false, status: null, reason: (error as Error).message };
  }
}
