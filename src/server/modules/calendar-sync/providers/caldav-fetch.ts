/**
 * The only way CalDAV code reaches the network. A user chooses the server address, so every request is
 * one our server makes on a stranger's behalf (SSRF): this keeps to http and https (undici follows
 * redirects only between those, and the target of each hop we are handed is checked here again), gives
 * each request a short deadline, and caps how much of an answer is read, so a hostile server can
 * neither hold a worker nor fill its memory.
 */

export const caldavTimeoutMs = 10_000;
/** Calendar listings and event answers are small; anything bigger is not a calendar server talking. */
export const caldavMaxResponseBytes = 2 * 1024 * 1024;

/** Thrown for an address we will not call; callers treat it as an unreachable server. */
export class CaldavAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CaldavAddressError';
  }
}

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

function capped(response: Response, maxBytes: number): Response {
  if (!response.body || nullBodyStatuses.has(response.status)) return response;
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    void response.body.cancel();
    throw new CaldavAddressError('answer too large');
  }
  let seen = 0;
  const limit = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) controller.error(new CaldavAddressError('answer too large'));
      else controller.enqueue(chunk);
    },
  });
  const wrapped = new Response(response.body.pipeThrough(limit), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  // tsdav names an answer by its `url` when the answer is not a multistatus.
  Object.defineProperty(wrapped, 'url', { value: response.url });
  return wrapped;
}

export interface CaldavFetchOptions {
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Sees every answer's status (discovery tells a refused password from an unreachable server). */
  onStatus?: (status: number) => void;
}

/** A `fetch` for tsdav's `fetch` option and for our own requests. */
export function caldavFetch(options: CaldavFetchOptions = {}): typeof fetch {
  const timeoutMs = options.timeoutMs ?? caldavTimeoutMs;
  const maxBytes = options.maxResponseBytes ?? caldavMaxResponseBytes;
  return async (input, init) => {
    const target = input instanceof Request ? input.url : String(input);
    const url = assertHttpUrl(target);
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    // A Request keeps its method and headers; `init` (as fetch itself does) overrides them.
    const response = await fetch(input instanceof Request ? input : url, { ...init, signal });
    options.onStatus?.(response.status);
    return capped(response, maxBytes);
  };
}
