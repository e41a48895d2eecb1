import { messages } from '../../../../shared/messages.ts';
import { type ProviderCredentials, ProviderError } from './provider.ts';

/**
 * One JSON call to a calendar REST API (Google Calendar v3, Microsoft Graph) with a bearer token, and the
 * mapping of its failures to ProviderError kinds, written once for both. The token goes only into the
 * Authorization header: it is never part of a URL, an error message or a log line.
 */

const requestTimeoutMs = 15_000;

/** The OAuth access token of Google's and Microsoft's credentials; CalDAV's password never reaches them. */
export function bearer(credentials: ProviderCredentials): string {
  if (credentials.kind !== 'oauth') throw new ProviderError('auth', messages.calendar.unsupportedProvider);
  return credentials.accessToken;
}

/** `Retry-After` as seconds or an HTTP date (RFC 9110 §10.2.3), in ms; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Both APIs answer `{ error: { message } }`; anything else gives no provider message. */
function providerMessage(body: unknown): { message: string | null; reason: string | null } {
  if (typeof body !== 'object' || body === null || !('error' in body)) return { message: null, reason: null };
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return { message: null, reason: null };
  const record = error as { message?: unknown; errors?: Array<{ reason?: unknown }> };
  const reason = Array.isArray(record.errors) ? record.errors[0]?.reason : undefined;
  return {
    message:
      typeof record.message === 'string' && record.message.trim() ? record.message.slice(0, 500) : null,
    reason: typeof reason === 'string' ? reason : null,
  };
}

/** Google signals quota with 403 and these reasons, not only with 429. */
const rateLimitReasons = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded']);

export interface JsonCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  accessToken: string;
  body?: unknown;
  /** The spec's fallback when the provider gives no message (`Failed to create event`, …). */
  fallback: string;
  /** Non-2xx statuses the caller handles itself (answered, not thrown). */
  accept?: number[];
  /** Extra request headers (Graph's `Prefer: outlook.timezone`). */
  headers?: Record<string, string>;
}

export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** Resolves with a 2xx answer; throws ProviderError for anything else, including network failures. */
export async function callJson(call: JsonCall): Promise<JsonAnswer> {
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers: {
        authorization: `Bearer ${call.accessToken}`,
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...call.headers,
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
  } catch {
    throw new ProviderError('transient', call.fallback);
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.ok || call.accept?.includes(response.status)) return { status: response.status, body };

  const { message, reason } = providerMessage(body);
  const reported = message ?? call.fallback;
  const status = response.status;
  if (status === 429 || (status === 403 && reason !== null && rateLimitReasons.has(reason))) {
    throw new ProviderError('rate_limited', reported, retryAfterMs(response.headers.get('retry-after')));
  }
  if (status === 401) throw new ProviderError('auth', reported);
  if (status === 404 || status === 410) throw new ProviderError('not_found', reported);
  if (status >= 500 || status === 408) {
    throw new ProviderError('transient', reported, retryAfterMs(response.headers.get('retry-after')));
  }
  throw new ProviderError('rejected', reported);
}

/** A string field of an answer body, or null. */
export function field(body: unknown, name: string): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
}

/** A base URL (with or without a path and trailing slash) joined to an absolute API path. */
export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;
