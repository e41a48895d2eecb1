import type { SessionCookies } from '../../test/auth-helpers.ts';

export interface SseMessage {
  event: string;
  id: string | null;
  data: string;
}

/** An open `GET /api/events` read with fetch: its messages in order, and whether it ended. */
export interface OpenStream {
  status: number;
  /** The next message matching `test` (earlier ones are passed over); fails after `timeoutMs`. */
  next(test?: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export const cookieHeader = (cookies: Partial<SessionCookies>) =>
  Object.entries(cookies)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

function parse(block: string): SseMessage | null {
  let event = 'message';
  let id: string | null = null;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const [field, ...rest] = line.split(':');
    const value = rest.join(':').replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 && id === null ? null : { event, id, data: data.join('\n') };
}

/** Opens the stream at `baseUrl` with a session's cookies (and optionally a Last-Event-ID). */
export async function openStream(
  baseUrl: string,
  cookies: Partial<SessionCookies>,
  headers: Record<string, string> = {},
  query = '',
): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/events${query ? `?${query}` : ''}`, {
    headers: { cookie: cookieHeader(cookies), accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const queue: SseMessage[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  let done = false;
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const message = parse(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
          if (message) queue.push(message);
          cut = buffer.indexOf('\n\n');
        }
        notify();
      }
    } catch {
      // Aborted by close(): the stream ended on our side.
    } finally {
      done = true;
      notify();
    }
  })();
  return {
    status: res.status,
    ended,
    close: () => abort.abort(),
    next(test = () => true, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          while (queue.length > 0) {
            const message = queue.shift() as SseMessage;
            if (test(message)) {
              finish();
              resolve(message);
              return;
            }
          }
          if (done) {
            finish();
            reject(new Error('the stream ended'));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error('no such event in time'));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
