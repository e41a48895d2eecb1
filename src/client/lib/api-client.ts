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
  /**
   * How a change to the trees goes through the outbox (lib/outbox.ts): `kept` (the default) survives a
   * reload; `ordered` waits its turn but is not kept, for a write whose caller keeps it itself (a page's
   * text, kept as a draft: kept twice, a replay of older text would meet the draft's newer save).
   */
  outbox?: 'kept' | 'ordered';
}

/** The header that makes a retried write safe: the server applies each key once. */
export const idempotencyKeyHeader = 'Idempotency-Key';

type Method = NonNullable<RequestOptions['method']>;

/** The workspace's outbox while it is open (lib/outbox.ts); writes go straight out without one. */
export interface WriteQueue {
  submit(
    request: { key: string; method: Exclude<Method, 'GET'>; path: string; body?: unknown },
    durable: boolean,
  ): Promise<unknown>;
  readBarrier(): Promise<void>;
}

let writeQueue: WriteQueue | null = null;

export function setWriteQueue(queue: WriteQueue | null): void {
  writeQueue = queue;
}

/**
 * The notes and todos trees: what the device keeps offline, so what the outbox queues. A page's history
 * (restoring a version resolves against the server's current text) and everything else (account,
 * billing, calendars) need the server there and then.
 */
const queuedAreas = /^\/api\/(notebooks|sections|notes|todos|categories|tasks|subtasks|labels)(\/|$)/;
const inQueuedArea = (path: string) => queuedAreas.test(path) && !/^\/api\/notes\/[^/]+\/versions/.test(path);

/**
 * fetch -> status check -> zod parse. Cookies carry the session (same origin); a non-2xx becomes an
 * ApiError with the server's code, so screens branch on codes and show the server's words. Changes to the
 * trees go through the outbox when the workspace has one; reads of them wait for the changes before.
 */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  schema: T,
  options: RequestOptions = {},
): Promise<z.infer<T>> {
  const method = options.method ?? 'GET';
  const queue = inQueuedArea(path) ? writeQueue : null;
  if (method === 'GET') {
    // Only with a queue: without one a read starts in the same tick, as before.
    if (queue) await queue.readBarrier();
    return schema.parse(await exchange(method, path, options.body, undefined, options.signal));
  }
  const key = options.idempotencyKey ?? crypto.randomUUID();
  if (queue) {
    const answer = await queue.submit(
      { key, method, path, body: options.body },
      options.outbox !== 'ordered',
    );
    return schema.parse(answer);
  }
  directWrites += 1;
  try {
    return schema.parse(await exchange(method, path, options.body, key, options.signal));
  } finally {
    directWrites -= 1;
  }
}

let directWrites = 0;

/**
 * No write outside the outbox is on its way. The offline cache is written only then: an optimistic change
 * whose request is not kept by the outbox may never reach the server, and kept, a reload would show it as
 * saved. Changes in the outbox are kept until sent, so the cache holding them is the truth to come.
 */
export const directWritesSettled = () => directWrites === 0;

/** One request and its answer's JSON; a non-2xx throws the server's ApiError, no network throws status 0. */
export async function exchange(
  method: Method,
  path: string,
  body?: unknown,
  key?: string,
  signal?: AbortSignal,
): Promise<unknown> {
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    // The tab's id: the live stream tells the other tabs which changes came from where (live-events.ts).
    headers: {
      [clientIdHeader]: clientId,
      // The refresh-and-resend below reuses this key, so a write that did reach the server is not repeated.
      ...(key === undefined ? {} : { [idempotencyKeyHeader]: key }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;
  let response = await send(path, init);
  // An expired access token: refresh the session silently, once, and ask again (docs/accounts.md).
  if (response.status === 401 && path !== '/api/auth/refresh' && (await isUnauthorized(response))) {
    const outcome = await refreshSession();
    if (outcome.kind === 'refreshed') response = await send(path, init);
  }
  const text = await overNetwork(() => response.text());
  const json: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(json);
    const error: ErrorBody['error'] = parsed.success
      ? parsed.data.error
      : { code: 'http_error', message: messages.generic };
    throw new ApiError(response.status, error.code, error.message, error.fields, json);
  }
  return json;
}

/** No answer from the server (no network, a dropped connection): worth another try later. */
export const networkError = () => new ApiError(0, 'network_error', messages.generic);

/**
 * A step that talks to the network: its failure is a network error (status 0), not the browser's
 * TypeError; an abort stays an abort. The connection can still drop while the answer's body arrives.
 */
async function overNetwork<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw networkError();
  }
}

const send = (path: string, init: RequestInit) => overNetwork(() => fetch(path, init));

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
