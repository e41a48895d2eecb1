import { type Response as UndiciResponse, fetch as undiciFetch } from 'undici';
import { agentFor, CaldavAddressError, type CaldavAddressPolicy } from './caldav-dispatcher.ts';

export { CaldavAddressError } from './caldav-dispatcher.ts';

/**
 * The only way CalDAV code reaches the network. A user chooses the server address, so every request is
 * one our server makes on a stranger's behalf (SSRF): this keeps to http and https, connects only to
 * addresses the policy allows (caldav-dispatcher.ts: public ones, or CALDAV_ALLOWED_HOSTS), follows
 * redirects itself so each hop is checked the same way, gives each request a short deadline, and caps
 * how much of an answer is read, so a hostile server can neither hold a worker nor fill its memory.
 */

export const caldavTimeoutMs = 10_000;
/** Calendar listings and event answers are small; anything bigger is not a calendar server talking. */
export const caldavMaxResponseBytes = 2 * 1024 * 1024;
/** Well-known discovery and a moved collection take one or two hops; more is a server playing games. */
export const caldavMaxRedirects = 5;

export function assertHttpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CaldavAddressError('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CaldavAddressError(`scheme ${url.protocol} is not allowed`);
  }
  return url;
}

const nullBodyStatuses = new Set([101, 204, 205, 304]);
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** undici's answer as the runtime's own Response (what tsdav and our callers expect), its body capped. */
function capped(response: UndiciResponse, url: string, maxBytes: number): Response {
  const init = { status: response.status, statusText: response.statusText, headers: [...response.headers] };
  let wrapped: Response;
  if (!response.body || nullBodyStatuses.has(response.status)) {
    void response.body?.cancel();
    wrapped = new Response(null, init);
  } else {
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      void response.body.cancel();
      throw new CaldavAddressError('answer too large');
    }
    // Read through our own stream: undici's body is not the runtime's stream type, and this counts bytes.
    const reader = response.body.getReader();
    let seen = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        seen += value?.byteLength ?? 0;
        if (seen > maxBytes) {
          controller.error(new CaldavAddressError('answer too large'));
          await reader.cancel();
        } else if (value) controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    wrapped = new Response(body, init);
  }
  // tsdav names an answer by its `url` when the answer is not a multistatus.
  Object.defineProperty(wrapped, 'url', { value: url });
  return wrapped;
}

export interface CaldavFetchOptions extends CaldavAddressPolicy {
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Sees every answer's status (discovery tells a refused password from an unreachable server). */
  onStatus?: (status: number) => void;
}

interface Outgoing {
  method: string;
  headers: Headers;
  body: string | ArrayBuffer | undefined;
}

async function outgoing(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Outgoing> {
  const request = input instanceof Request ? input : null;
  const headers = new Headers(init?.headers ?? request?.headers);
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  if (init?.body !== undefined && init.body !== null) {
    // tsdav sends XML and iCalendar as strings; anything else is read once so a 307 can send it again.
    const body = typeof init.body === 'string' ? init.body : await new Response(init.body).arrayBuffer();
    return { method, headers, body };
  }
  const body = request?.body ? await request.arrayBuffer() : undefined;
  return { method, headers, body };
}

/** What a redirect does to the request (the fetch standard's rules, and no password to another origin). */
function redirected(status: number, from: URL, to: URL, request: Outgoing): Outgoing {
  const headers = new Headers(request.headers);
  if (to.origin !== from.origin) headers.delete('authorization');
  const toGet =
    (status === 303 && request.method !== 'HEAD') ||
    ((status === 301 || status === 302) && request.method === 'POST');
  if (!toGet) return { ...request, headers };
  for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language']) {
    headers.delete(name);
  }
  return { method: 'GET', headers, body: undefined };
}

/** A `fetch` for tsdav's `fetch` option and for our own requests. */
export function caldavFetch(options: CaldavFetchOptions = {}): typeof fetch {
  const timeoutMs = options.timeoutMs ?? caldavTimeoutMs;
  const maxBytes = options.maxResponseBytes ?? caldavMaxResponseBytes;
  const dispatcher = agentFor(options);
  return async (input, init) => {
    let url = assertHttpUrl(input instanceof Request ? input.url : String(input));
    let request = await outgoing(input, init);
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    for (let hop = 0; ; hop++) {
      const response = await undiciFetch(url, {
        method: request.method,
        headers: [...request.headers],
        body: request.body,
        // Never followed by undici: each hop is checked here, and its address when it connects.
        redirect: 'manual',
        signal,
        dispatcher,
      }).catch((error: unknown) => {
        // fetch wraps what the connector threw; a refused address must stay recognisable (not retried).
        if (error instanceof Error && error.cause instanceof CaldavAddressError) throw error.cause;
        throw error;
      });
      options.onStatus?.(response.status);
      const location = response.headers.get('location');
      // `manual` callers (tsdav's well-known discovery) read the Location themselves.
      if (!redirectStatuses.has(response.status) || location === null || init?.redirect === 'manual') {
        return capped(response, url.href, maxBytes);
      }
      void response.body?.cancel();
      if (init?.redirect === 'error' || hop >= caldavMaxRedirects) {
        throw new CaldavAddressError('too many redirects');
      }
      const next = assertHttpUrl(new URL(location, url).href);
      request = redirected(response.status, url, next, request);
      url = next;
    }
  };
}
