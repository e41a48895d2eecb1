import type { z } from 'zod';
import { type ErrorBody, errorBodySchema } from '../../shared/errors.ts';
import { messages } from '../../shared/messages.ts';
import { clientIdHeader } from '../../shared/schemas/live.ts';
import { clientId } from './client-id.ts';
import { refreshSession } from './session-refresh.ts';

/** A failed API call: the HTTP status, the stable error code and the server's message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** The whole error body as received; some errors carry more (a 409 conflict carries `current`). */
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The change's key, kept when a queued change is sent again (the server applies a key once and
   * answers a repeat with the stored answer). A mutating request without one gets a fresh key.
   */
  idempotencyKey?: string;
}

/** The header that makes a retried write safe: the server applies each key once. */
export const idempotencyKeyHeader = 'Idempotency-Key';

/**
 * fetch -> status check -> zod parse. Cookies carry the session (same origin); a non-2xx becomes an
 * ApiError with the server's code, so screens branch on codes and show the server's words.
 */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  schema: T,
  options: RequestOptions = {},
): Promise<z.infer<T>> {
  const method = options.method ?? 'GET';
  const key = method === 'GET' ? undefined : (options.idempotencyKey ?? crypto.randomUUID());
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    // The tab's id: the live stream tells the other tabs which changes came from where (live-events.ts).
    headers: {
      [clientIdHeader]: clientId,
      // The refresh-and-resend below reuses this key, so a write that did reach the server is not repeated.
      ...(key === undefined ? {} : { [idempotencyKeyHeader]: key }),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
  };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  if (options.signal) init.signal = options.signal;
  let response = await send(path, init);
  // An expired access token: refresh the session silently, once, and ask again (docs/accounts.md).
  if (response.status === 401 && path !== '/api/auth/refresh' && (await isUnauthorized(response))) {
    const outcome = await refreshSession();
    if (outcome.kind === 'refreshed') response = await send(path, init);
  }
  const text = await response.text();
  const json: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(json);
    const error: ErrorBody['error'] = parsed.success
      ? parsed.data.error
      : { code: 'http_error', message: messages.generic };
    throw new ApiError(response.status, error.code, error.message, error.fields, json);
  }
  return schema.parse(json);
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', messages.generic);
  }
}

/** Only a missing or stale session is worth a refresh; wrong credentials and the like are not. */
async function isUnauthorized(response: Response): Promise<boolean> {
  const parsed = errorBodySchema.safeParse(safeJson(await response.clone().text()));
  return parsed.success && ['unauthorized', 'session_expired'].includes(parsed.data.error.code);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
