import { ApiError, networkError } from './api-client.ts';
import type { OutboxEntry, OutboxStore } from './outbox-store.ts';

/** What the runner sends: one request, answered with its parsed JSON or an ApiError (status 0 offline). */
export type Transmit = (entry: OutboxEntry) => Promise<unknown>;

export interface OutboxStatus {
  /** Changes not yet answered by the server (queued, and the one on its way). */
  waiting: number;
  /** The network is away: the browser says so, or the last attempt could not reach the server. */
  offline: boolean;
  /** The last attempt failed and the runner waits before trying again. */
  retrying: boolean;
}

export interface OutboxHooks {
  /**
   * Changes kept from an earlier visit were all answered, or one was refused with no screen of this page
   * waiting for it: what the screens show (the kept cache, with those changes in it) may differ from the
   * server, so ask again.
   */
  onReplayed?(): void;
}

interface Waiter {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Queued {
  entry: OutboxEntry;
  /** Kept in the device's store until answered (a reload replays it); otherwise only ordered. */
  durable: boolean;
  /** The screen that asked, in this page; none for a change kept from an earlier visit. */
  waiter?: Waiter;
}

const firstPauseMs = 1_000;
const longestPauseMs = 30_000;

/**
 * Answers worth another try later: the network, the server's own failures, a request the server is still
 * processing under the same key, and moments (a refreshed session, a rate limit). Anything else is the
 * change's own outcome and final: a 404 for a thing deleted elsewhere, a 400 the next try would repeat.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 0 || error.status >= 500) return true;
  if ([401, 408, 425, 429].includes(error.status)) return true;
  return error.code === 'idempotency_in_progress';
}

let tabSequence = 0;

/**
 * The offline outbox (docs/client.md, Offline): every change to the notes and todos trees is queued here
 * and sent strictly in order, one at a time, each with its own Idempotency-Key (the entry's key, the same
 * on every retry, so the server applies it once: docs/idempotency.md). A durable change is written to the
 * account's IndexedDB store before it counts as made and removed when the server answered, so a change
 * made offline survives a reload or a closed tab and is sent when the app next runs online. The promise a
 * screen gets resolves with the server's answer, whenever that comes; offline it simply waits.
 *
 * Ordered-only changes (a page's text, which its saver keeps as a draft of its own) wait their turn
 * behind the durable ones (a page created offline is created before its text is saved) but are never
 * kept, and fail at once while the queue cannot move, so their saver shows "offline" and retries itself.
 */
export class Outbox {
  private readonly queue: Queued[] = [];
  private readonly listeners = new Set<() => void>();
  private status: OutboxStatus = { waiting: 0, offline: false, retrying: false };
  /** What subscribers last saw: a new object only when something they show changed (useSyncExternalStore). */
  private published: OutboxStatus = this.status;
  private running = false;
  private closed = false;
  private pauseMs = firstPauseMs;
  private wakeUp: (() => void) | null = null;
  private pauseTimer: ReturnType<typeof setTimeout> | undefined;
  private replaying = false;
  private readonly barrierWaiters: (() => void)[] = [];
  private readonly refusalListeners = new Set<(error: ApiError) => void>();
  /** Nothing is sent before the kept changes are in the queue: they go first. */
  private ready = false;
  private readonly started: Promise<void>;
  private markStarted: () => void = () => {};

  constructor(
    private readonly store: OutboxStore,
    private readonly transmit: Transmit,
    private readonly hooks: OutboxHooks = {},
    private readonly owner: string = crypto.randomUUID(),
  ) {
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.onOnline);
      window.addEventListener('offline', this.onOffline);
    }
    this.status = { ...this.status, offline: browserOffline() };
    this.published = this.status;
    this.started = new Promise((resolve) => {
      this.markStarted = resolve;
    });
  }

  /** Takes over the changes kept from earlier visits (and tabs that are gone), ahead of any new one. */
  async start(): Promise<void> {
    try {
      const kept = await this.store.adopt(this.owner, () => this.closed);
      if (this.closed) return;
      if (kept.length > 0) {
        this.replaying = true;
        this.queue.unshift(...kept.map((entry) => ({ entry, durable: true })));
      }
    } finally {
      this.ready = true;
      this.markStarted();
    }
    this.publish();
    void this.run();
  }

  /** Queues a change; the promise settles with the server's answer to it. */
  submit(request: Pick<OutboxEntry, 'key' | 'method' | 'path' | 'body'>, durable: boolean): Promise<unknown> {
    if (this.closed) return Promise.reject(networkError());
    // A change that is not kept cannot wait for a network that is away: its own saver retries it.
    if (!durable && this.stalled()) return Promise.reject(networkError());
    const entry: OutboxEntry = {
      ...request,
      owner: this.owner,
      queuedAt: Date.now(),
      sequence: tabSequence++,
    };
    return new Promise((resolve, reject) => {
      this.queue.push({ entry, durable, waiter: { resolve, reject } });
      // Kept only once this outbox holds its lock (start): another tab must never take it for a gone one's.
      if (durable) void this.started.then(() => this.store.put(entry));
      this.publish();
      void this.run();
    });
  }

  /**
   * Reads wait for the changes queued before them while those are moving (a screen asking for a list right
   * after a reload must not get it without the changes kept offline); while the queue is stuck they go
   * at once, since waiting would only delay what the server holds.
   */
  async readBarrier(): Promise<void> {
    await this.started;
    if (this.queue.length === 0 || this.stalled() || this.closed) return;
    await new Promise<void>((resolve) => this.barrierWaiters.push(resolve));
  }

  /** A queued change was refused for good (its own 4xx) with no screen of this page waiting for it. */
  onRefused(listener: (error: ApiError) => void): () => void {
    this.refusalListeners.add(listener);
    return () => this.refusalListeners.delete(listener);
  }

  getStatus = (): OutboxStatus => this.published;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The workspace closed (signed out, another account): nothing more is sent or kept from this page. */
  close(): void {
    this.closed = true;
    this.store.release(this.owner);
    clearTimeout(this.pauseTimer);
    this.wakeUp?.();
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.onOnline);
      window.removeEventListener('offline', this.onOffline);
    }
    this.releaseReads();
  }

  private stalled(): boolean {
    return this.status.offline || this.status.retrying;
  }

  private async run(): Promise<void> {
    if (this.running || !this.ready) return;
    this.running = true;
    try {
      while (!this.closed && this.queue.length > 0) {
        const head = this.queue[0] as Queued;
        if (browserOffline()) {
          this.setStatus({ offline: true });
          this.failOrderedOnly();
          await this.pause(null);
          continue;
        }
        try {
          const answer = await this.transmit(head.entry);
          this.finish(head);
          head.waiter?.resolve(answer);
          this.pauseMs = firstPauseMs;
          this.setStatus({ offline: false, retrying: false });
        } catch (error) {
          if (this.closed) return;
          if (isRetryable(error)) {
            const offline = error instanceof ApiError && error.status === 0;
            this.setStatus({ offline, retrying: true });
            if (!head.durable) {
              this.finish(head);
              head.waiter?.reject(error);
            }
            this.failOrderedOnly();
            await this.pause(this.pauseMs);
            this.pauseMs = Math.min(this.pauseMs * 2, longestPauseMs);
            continue;
          }
          this.finish(head);
          if (head.waiter) head.waiter.reject(error);
          else if (alreadyMade(error)) this.replaying = true;
          else this.refused(error);
        }
      }
    } finally {
      this.running = false;
    }
    if (this.queue.length === 0 && !this.closed) this.drained();
  }

  private finish(item: Queued): void {
    const index = this.queue.indexOf(item);
    if (index >= 0) this.queue.splice(index, 1);
    if (item.durable) this.store.remove(item.entry);
    this.publish();
  }

  /** While the queue cannot move, the ordered-only changes in it are handed back to their savers. */
  private failOrderedOnly(): void {
    for (const item of this.queue.filter((queued) => !queued.durable)) {
      this.finish(item);
      item.waiter?.reject(networkError());
    }
    this.releaseReads();
  }

  private refused(error: unknown): void {
    const refusal = error instanceof ApiError ? error : new ApiError(0, 'http_error', String(error));
    for (const listener of this.refusalListeners) listener(refusal);
    this.replaying = true;
  }

  private drained(): void {
    this.releaseReads();
    if (this.replaying) {
      this.replaying = false;
      this.hooks.onReplayed?.();
    }
  }

  private releaseReads(): void {
    for (const resolve of this.barrierWaiters.splice(0)) resolve();
  }

  /** Waits `ms` (or, with null, until the browser is online again); coming online ends any pause early. */
  private pause(ms: number | null): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(this.pauseTimer);
        this.wakeUp = null;
        resolve();
      };
      this.wakeUp = done;
      if (ms !== null) this.pauseTimer = setTimeout(done, ms);
    });
  }

  private onOnline = () => {
    this.pauseMs = firstPauseMs;
    this.setStatus({ offline: false });
    this.wakeUp?.();
  };

  private onOffline = () => {
    this.setStatus({ offline: true });
    this.failOrderedOnly();
  };

  private setStatus(change: Partial<OutboxStatus>): void {
    this.status = { ...this.status, ...change };
    this.publish();
  }

  private publish(): void {
    const waiting = this.queue.length;
    const next: OutboxStatus = {
      waiting,
      offline: this.status.offline,
      retrying: waiting > 0 && this.status.retrying,
    };
    const current = this.published;
    this.status = next;
    if (
      current.waiting === next.waiting &&
      current.offline === next.offline &&
      current.retrying === next.retrying
    )
      return;
    this.published = next;
    for (const listener of this.listeners) listener();
  }
}

/**
 * A kept create whose id the server already holds: its first attempt was applied and the answer lost,
 * and its key has expired meanwhile (a device offline for more than a day). The change is there: nothing
 * to say; the trees are asked for again.
 */
function alreadyMade(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'id_taken';
}

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
