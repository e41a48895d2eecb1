import { type LiveChange, liveChange } from '../../shared/schemas/live.ts';
import { clientId } from './client-id.ts';
import { refreshSession } from './session-refresh.ts';

export interface LiveHandlers {
  /** A change made elsewhere (another tab, device or person's session of this account). */
  change(change: LiveChange): void;
  /** Changes were missed beyond what the server keeps: refetch everything shown. */
  reset(): void;
}

/** The longest wait before opening the stream again after the server refused it. */
const maxRetryMs = 60_000;

/**
 * One EventSource on `/api/events` for this tab. The browser reconnects by itself after a network
 * break, sending Last-Event-ID, and the server sends what was missed. When the server refuses (an access
 * token that expired while the stream was down answers 401), the browser gives up; then the session is
 * refreshed and the stream opened again from the last id seen (query `lastEventId`, since a new
 * EventSource cannot set the header). Answers a function that closes it.
 */
export function openLiveEvents(handlers: LiveHandlers): () => void {
  // Where there is no EventSource (component tests' DOM), there is nothing live to hear.
  if (typeof EventSource === 'undefined') return () => {};
  let source: EventSource | null = null;
  let lastId: string | null = null;
  let retryMs = 1000;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const remember = (event: MessageEvent) => {
    if (event.lastEventId) lastId = event.lastEventId;
  };

  const open = () => {
    if (closed) return;
    const url = lastId ? `/api/events?lastEventId=${encodeURIComponent(lastId)}` : '/api/events';
    const current = new EventSource(url, { withCredentials: true });
    source = current;
    current.addEventListener('ready', (event) => {
      retryMs = 1000;
      remember(event);
    });
    current.addEventListener('reset', (event) => {
      remember(event);
      handlers.reset();
    });
    current.addEventListener('change', (event) => {
      remember(event);
      const parsed = liveChange.safeParse(safeJson(event.data));
      if (!parsed.success || parsed.data.origin === clientId) return;
      handlers.change(parsed.data);
    });
    current.addEventListener('error', () => {
      if (current.readyState !== EventSource.CLOSED || closed) return;
      // Refused, not broken. Waited for first: a page being left closes its stream too, and a refresh
      // sent then would rotate the cookies in an answer nobody keeps.
      retry = setTimeout(() => void reopen(), retryMs);
      retryMs = Math.min(retryMs * 2, maxRetryMs);
    });
  };

  /** Refreshes the session only when it is what the server refused, then opens the stream again. */
  const reopen = async () => {
    if (closed) return;
    try {
      const session = await fetch('/api/auth/session', { credentials: 'same-origin' });
      const body: unknown = session.ok ? await session.json() : null;
      const signedIn = typeof body === 'object' && body !== null && 'user' in body && body.user !== null;
      if (!signedIn) await refreshSession();
    } catch {
      // The network is down: the stream's own attempt below fails and waits longer.
    }
    open();
  };

  open();
  return () => {
    closed = true;
    clearTimeout(retry);
    source?.close();
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
