import type { Invalidation, InvalidationHub } from '../../cache/invalidation-hub.ts';
import type { LiveHub, LiveStreamHandle } from '../../deps.ts';

/**
 * This instance's open streams by user. One timer beats for all of them (2,000 idle streams cost one
 * timer, not 2,000). It also takes part in cache invalidation: a session or user message (a sign-out,
 * a password change, on any instance) makes the named streams check their session at once rather than
 * at the next heartbeat.
 */
export class LiveStreams implements LiveHub {
  readonly #byUser = new Map<string, Set<LiveStreamHandle>>();
  #timer: NodeJS.Timeout | null = null;
  #heartbeatMs: number;
  #closed = false;

  constructor(invalidation: InvalidationHub, options: { heartbeatMs: number }) {
    this.#heartbeatMs = options.heartbeatMs;
    invalidation.register({
      drop: (message) => this.#recheck(message),
      suspend: () => {},
      resume: () => {},
    });
  }

  get size(): number {
    let count = 0;
    for (const streams of this.#byUser.values()) count += streams.size;
    return count;
  }

  add(stream: LiveStreamHandle): void {
    // The app is closing (closeAll ran): a stream whose request was still on its way would hold the
    // server's close for ever, as nothing would end it. It ends at once instead.
    if (this.#closed) {
      stream.end();
      return;
    }
    let streams = this.#byUser.get(stream.userId);
    if (!streams) {
      streams = new Set();
      this.#byUser.set(stream.userId, streams);
    }
    streams.add(stream);
    if (!this.#timer) {
      this.#timer = setInterval(() => this.#beat(), this.#heartbeatMs);
      this.#timer.unref();
    }
  }

  remove(stream: LiveStreamHandle): void {
    const streams = this.#byUser.get(stream.userId);
    if (!streams) return;
    streams.delete(stream);
    if (streams.size === 0) this.#byUser.delete(stream.userId);
    if (this.#byUser.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = null;
    }
  }

  wake(userId: string): void {
    for (const stream of this.#byUser.get(userId) ?? []) stream.pump();
  }

  wakeAll(): void {
    for (const streams of this.#byUser.values()) for (const stream of streams) stream.pump();
  }

  closeAll(): void {
    this.#closed = true;
    for (const streams of [...this.#byUser.values()]) for (const stream of [...streams]) stream.end();
  }

  #beat(): void {
    for (const streams of this.#byUser.values()) for (const stream of streams) stream.heartbeat();
  }

  #recheck(message: Invalidation): void {
    for (const streams of this.#byUser.values()) {
      for (const stream of streams) {
        const named =
          message.kind === 'session'
            ? stream.sessionId === message.sessionId
            : stream.userId === message.userId;
        if (named) stream.heartbeat();
      }
    }
  }
}
