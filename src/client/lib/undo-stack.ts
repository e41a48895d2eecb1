/**
 * The undoable changes the workspace offers in its `Undo` toasts (docs/PRODUCT.md §10.5). Pure bookkeeping, so the
 * rules that keep an undo from corrupting anything are tested apart from React:
 * - an entry is taken once: a second press (or Ctrl+Z after the click) finds nothing;
 * - an entry lives 8 s (the toast's life), then it is gone;
 * - a newer change to the same thing (`task:<id>`) replaces the older entry, so an undo never restores
 *   a state older than the latest change the user made to it;
 * - deleting a thing forgets every entry about it.
 */

export const UNDO_MS = 8000;

export interface UndoOffer {
  /** What happened, as the toast says it: `Task completed`. */
  message: string;
  /** What the change touched (`task:<id>`, `notebook:<id>`); a newer change to any of them replaces it. */
  targets: readonly string[];
  /** Issues the inverse request(s) to the server. */
  undo(): void;
}

export interface UndoEntry extends UndoOffer {
  id: number;
  expiresAt: number;
}

export class UndoStack {
  private entries: UndoEntry[] = [];
  private nextId = 1;

  constructor(private readonly lifetimeMs = UNDO_MS) {}

  /** Adds an offer; returns it and the ids of the older entries it replaced (their toasts close). */
  push(offer: UndoOffer, now: number): { entry: UndoEntry; replaced: number[] } {
    const targets = new Set(offer.targets);
    const replaced = this.entries.filter((e) => e.targets.some((t) => targets.has(t))).map((e) => e.id);
    this.entries = this.entries.filter((e) => !replaced.includes(e.id));
    const entry: UndoEntry = { ...offer, id: this.nextId++, expiresAt: now + this.lifetimeMs };
    this.entries.push(entry);
    return { entry, replaced };
  }

  /** Removes and returns a live entry; null when it was taken already, replaced, forgotten or expired. */
  take(id: number, now: number): UndoEntry | null {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) return null;
    this.entries = this.entries.filter((e) => e.id !== id);
    return entry.expiresAt > now ? entry : null;
  }

  /** The newest live entry (what Ctrl/Cmd+Z undoes), taken. */
  takeLatest(now: number): UndoEntry | null {
    const live = this.live(now);
    const latest = live[live.length - 1];
    return latest ? this.take(latest.id, now) : null;
  }

  /** Drops every entry about `target` (it was deleted); returns their ids. */
  forget(target: string): number[] {
    const gone = this.entries.filter((e) => e.targets.includes(target)).map((e) => e.id);
    this.entries = this.entries.filter((e) => !gone.includes(e.id));
    return gone;
  }

  /** Drops expired entries; returns their ids. */
  expire(now: number): number[] {
    const gone = this.entries.filter((e) => e.expiresAt <= now).map((e) => e.id);
    this.entries = this.entries.filter((e) => e.expiresAt > now);
    return gone;
  }

  /** The live entries, oldest first. */
  live(now: number): UndoEntry[] {
    return this.entries.filter((e) => e.expiresAt > now);
  }
}
