import { readLocal, removeLocal, writeLocal } from '../../lib/local-store.ts';

/**
 * Unsaved page edits kept on this device until the server confirms them (typed text is never lost: docs/PRODUCT.md §4.5): written BEFORE
 * every save is sent, removed only after a save of exactly this text succeeds.
 */
export interface Draft {
  title: string;
  content: string;
  /** The server version the edit started from; a save sends it as baseVersion. */
  baseVersion: number;
  savedAt: number;
}

export const draftKey = (noteId: string) => `jotlist-draft:${noteId}`;

/**
 * How long a typed edit may wait in memory before its draft is written. Writing a 100 KB note's draft
 * costs a few milliseconds, too much for every key press (docs/performance.md): while typing, drafts are written
 * at most this often, in idle time, and always at once when the page is hidden or left (see below).
 */
export const DRAFT_WRITE_DELAY_MS = 300;

type DraftText = Omit<Draft, 'savedAt'>;

/** Edits not written yet, by note id; every read, write and clear of a draft sees these first. */
const queued = new Map<string, DraftText>();
let scheduled = false;
/** The page is being hidden or left: a queued edit is written at once (no later task may run). */
let leaving = false;

export function readDraft(noteId: string): Draft | null {
  const waiting = queued.get(noteId);
  if (waiting) return { ...waiting, savedAt: Date.now() };
  const raw = readLocal(draftKey(noteId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Draft>;
    if (typeof value.title !== 'string' || typeof value.content !== 'string') return null;
    if (typeof value.baseVersion !== 'number') return null;
    return {
      title: value.title,
      content: value.content,
      baseVersion: value.baseVersion,
      savedAt: value.savedAt ?? 0,
    };
  } catch {
    return null;
  }
}

/** Writes the draft now (before a save is sent, a conflict resolved). */
export function writeDraft(noteId: string, draft: DraftText): boolean {
  queued.delete(noteId);
  return writeLocal(draftKey(noteId), JSON.stringify({ ...draft, savedAt: Date.now() }));
}

/**
 * Keeps the draft of an edit being typed: written within DRAFT_WRITE_DELAY_MS (plus idle time), and
 * at once on pagehide, on visibilitychange to hidden, on beforeunload, or while the page is leaving.
 */
export function queueDraft(noteId: string, draft: DraftText): void {
  if (leaving) {
    writeDraft(noteId, draft);
    return;
  }
  queued.set(noteId, draft);
  listenForLeaving();
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => whenIdle(flushDrafts), DRAFT_WRITE_DELAY_MS);
}

/** Writes the note's queued draft now, if it has one (a save is about to be sent). */
export function flushDraft(noteId: string): void {
  const draft = queued.get(noteId);
  if (draft) writeDraft(noteId, draft);
}

export function clearDraft(noteId: string): void {
  queued.delete(noteId);
  removeLocal(draftKey(noteId));
}

/** Writes every queued draft now. */
export function flushDrafts(): void {
  scheduled = false;
  for (const [noteId, draft] of [...queued]) writeDraft(noteId, draft);
}

/** Runs `task` in idle time, but within a frame or so even if the page never goes idle. */
function whenIdle(task: () => void) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 200 });
  else setTimeout(task, 0);
}

let listening = false;

/**
 * Once per page: a tab closed, reloaded, navigated away, put in the background or frozen gets its
 * drafts written first. While the page is hidden, drafts are written as they come, so an edit reported
 * during pagehide itself (the editor reports its last keys then) is kept too.
 */
function listenForLeaving() {
  if (listening) return;
  listening = true;
  const leave = () => {
    leaving = true;
    flushDrafts();
  };
  const back = () => {
    leaving = false;
  };
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', back);
  // A beforeunload can still be cancelled (the unsaved-changes prompt): write, but keep batching.
  window.addEventListener('beforeunload', flushDrafts);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leave();
    else back();
  });
}
