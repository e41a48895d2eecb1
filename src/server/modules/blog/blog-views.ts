import { createHash, randomBytes } from 'node:crypto';
import { LruCache } from '../../cache/lru-cache.ts';
import type { AppDeps, BlogViewCounter, Visitor } from '../../deps.ts';
import { addViews, findPublishedPostViews } from './blog.repo.ts';

/** One visitor's view of one post counts once in this period. */
const viewPeriodMs = 24 * 60 * 60 * 1000;
/** Visitors remembered at once (about 150 bytes each); past that, the least recently seen are forgotten. */
const maxRememberedViews = 100_000;
/** Counted views wait this long in memory, then reach the database in one statement per post. */
const viewFlushMs = 2_000;

/**
 * The public view counter. Anyone can call it, so it must not be a way to load the database: a visitor
 * (client address + User-Agent) counts once per post per 24 h, and counted views are added up in memory
 * and written every couple of seconds in one transaction, one UPDATE per post, however many arrive. At
 * most one write per post per flush, whatever the traffic; the rest is memory and one indexed read per
 * request (the answer is the stored count plus what is waiting).
 *
 * Per instance: with several instances behind a load balancer, a visitor whose requests land on each may
 * be counted once per instance per day (the increments themselves add up correctly everywhere, since a
 * flush adds to the stored count). The remembered visitors are salted hashes kept in memory only, so
 * nothing ties an address to a post once the process ends; the salt changes with each process. One per
 * app (`deps.context.blogViews`, made in app.ts).
 */
export class ViewCounter implements BlogViewCounter {
  readonly #deps: Pick<AppDeps, 'database' | 'logger'>;
  readonly #seen = new LruCache<string, true>({ maxEntries: maxRememberedViews, ttlMs: viewPeriodMs });
  readonly #salt = randomBytes(32);
  /** Post id -> views counted but not yet written. */
  #pending = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  readonly #flushMs: number;

  constructor(deps: Pick<AppDeps, 'database' | 'logger'>, options: { flushMs?: number } = {}) {
    this.#deps = deps;
    this.#flushMs = options.flushMs ?? viewFlushMs;
  }

  /** Counts a view of a published post (once per visitor per period); its views, or undefined if none. */
  async count(slug: string, visitor: Visitor): Promise<number | undefined> {
    const post = await findPublishedPostViews(this.#deps.database.db, slug);
    if (!post) return undefined;
    const key = this.#visitorKey(post.id, visitor);
    if (this.#seen.get(key) === undefined) {
      this.#seen.set(key, true, this.#seen.generation());
      this.#pending.set(post.id, (this.#pending.get(post.id) ?? 0) + 1);
      this.#schedule();
    }
    return post.views + this.pendingFor(post.id);
  }

  /** Views of a post counted here and not yet in the database. */
  pendingFor(postId: string): number {
    return this.#pending.get(postId) ?? 0;
  }

  /** Writes every waiting view now (after any write already under way). */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#flushing = this.#flushing.then(() => this.#write());
    return this.#flushing;
  }

  #schedule(): void {
    if (this.#timer) return;
    this.#timer = setTimeout(() => void this.flush(), this.#flushMs);
    // A pending flush never keeps the process alive; a graceful stop flushes (app.ts, on close).
    this.#timer.unref();
  }

  async #write(): Promise<void> {
    const batch = this.#pending;
    if (batch.size === 0) return;
    this.#pending = new Map();
    // Ids in order, so two instances flushing the same posts take their row locks in the same order.
    const entries = [...batch].sort(([a], [b]) => (a < b ? -1 : 1));
    try {
      await this.#deps.database.db.transaction().execute(async (trx) => {
        for (const [postId, views] of entries) await addViews(trx, postId, views);
      });
    } catch (error) {
      // Kept for the next flush: a database that is briefly away loses no views.
      for (const [postId, views] of entries) this.#pending.set(postId, this.pendingFor(postId) + views);
      this.#deps.logger.warn({ err: error, event: 'blog.views.flush_failed' }, 'blog views not saved yet');
      this.#schedule();
    }
  }

  #visitorKey(postId: string, visitor: Visitor): string {
    return createHash('sha256')
      .update(this.#salt)
      .update(`${postId}\n${visitor.ip}\n${visitor.userAgent}`)
      .digest('base64url');
  }
}
