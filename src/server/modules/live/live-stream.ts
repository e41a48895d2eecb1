import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { AppDeps, LiveHub, LiveStreamHandle, SessionIdentity } from '../../deps.ts';
import { isSessionOpen } from '../auth/index.ts';
import { eventsAfter } from './live.repo.ts';

/** Events read per query; a longer backlog is read in several. */
const batch = 200;

/**
 * One open `GET /api/events`: sends the user's events after `lastId` as they land. Reads and writes one
 * batch at a time (a second wake while it reads only asks for one more read), waits for `drain` when the
 * socket's buffer is full (a slow reader does not grow our memory), and ends when the session is no
 * longer open, the client goes away, or the app closes.
 */
export class LiveStream implements LiveStreamHandle {
  readonly userId: string;
  readonly sessionId: string;
  readonly #identity: SessionIdentity;
  readonly #deps: AppDeps;
  readonly #hub: LiveHub;
  readonly #res: ServerResponse;
  #lastId: number;
  #busy = false;
  #again = false;
  #ended = false;

  constructor(deps: AppDeps, hub: LiveHub, res: ServerResponse, identity: SessionIdentity, lastId: number) {
    this.#deps = deps;
    this.#hub = hub;
    this.#res = res;
    this.#identity = identity;
    this.userId = identity.userId;
    this.sessionId = identity.sessionId;
    this.#lastId = lastId;
    res.on('close', () => this.end());
    hub.add(this);
  }

  /** Writes one SSE message; false once the stream ended. */
  async send(text: string): Promise<boolean> {
    if (this.#ended) return false;
    if (!this.#res.write(text)) {
      await Promise.race([once(this.#res, 'drain'), once(this.#res, 'close')]);
    }
    return !this.#ended;
  }

  pump(): void {
    if (this.#busy) {
      this.#again = true;
      return;
    }
    this.#busy = true;
    void this.#run()
      .catch((error: unknown) => {
        this.#deps.logger.warn({ event: 'live.stream_failed', err: error }, 'live stream ended by an error');
        this.end();
      })
      .finally(() => {
        this.#busy = false;
      });
  }

  heartbeat(): void {
    void this.#stillOpen()
      .then((open) => (open ? this.send(': ping\n\n') : false))
      .catch(() => this.end());
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#hub.remove(this);
    this.#res.end();
  }

  async #stillOpen(): Promise<boolean> {
    if (this.#ended) return false;
    if (await isSessionOpen(this.#deps, this.#identity)) return true;
    this.end();
    return false;
  }

  async #run(): Promise<void> {
    do {
      this.#again = false;
      const events = await eventsAfter(this.#deps.database.db, this.userId, this.#lastId, batch);
      if (events.length === 0 || !(await this.#stillOpen())) continue;
      for (const event of events) {
        if (!(await this.send(`id: ${event.id}\nevent: change\ndata: ${event.payload}\n\n`))) return;
        this.#lastId = event.id;
      }
      if (events.length === batch) this.#again = true;
    } while (this.#again && !this.#ended);
  }
}
