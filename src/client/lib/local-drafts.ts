import { readLocal, removeLocal, writeLocal } from './local-store.ts';

/**
 * Typed text kept on this device until the server confirms it (typed text is never lost:
 * docs/PRODUCT.md §4.5), for anything that autosaves: a page (features/notes/drafts.ts), a task's
 * description. Values are strings under their full storage key; what they hold is the caller's.
 * Writing a large draft costs a few milliseconds, too much for every key press (docs/performance.md):
 * while typing, drafts are written at most every DRAFT_WRITE_DELAY_MS, in idle time, and always at once
 * when the page is hidden or left.
 */

export const DRAFT_WRITE_DELAY_MS = 300;

/** Values not written yet, by key; every read, write and clear sees these first. */
const queued = new Map<string, () => string>();
let scheduled = false;
/** The page is being hidden or left: a queued value is written at once (no later task may run). */
let leaving = false;

export function readLocalDraft(key: string): string | null {
  const waiting = queued.get(key);
  return waiting ? waiting() : readLocal(key);
}

/** Writes the draft now (before a save is sent). */
export function writeLocalDraft(key: string, value: string): boolean {
  queued.delete(key);
  return writeLocal(key, value);
}

/**
 * Keeps the draft of an edit being typed: `value` is called when it is written (so a timestamp in it is
 * the write's), within DRAFT_WRITE_DELAY_MS (plus idle time), and at once while the page is leaving.
 */
export function queueLocalDraft(key: string, value: () => string): void {
  if (leaving) {
    writeLocalDraft(key, value());
    return;
  }
  queued.set(key, value);
  listenForLeaving();
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => whenIdle(flushLocalDrafts), DRAFT_WRITE_DELAY_MS);
}

/** Writes the key's queued draft now, if it has one (a save is about to be sent). */
export function flushLocalDraft(key: string): void {
  const value = queued.get(key);
  if (value) writeLocalDraft(key, value());
}

export function clearLocalDraft(key: string): void {
  queued.delete(key);
  removeLocal(key);
}

/** Writes every queued draft now. */
export function flushLocalDrafts(): void {
  scheduled = false;
  for (const [key, value] of [...queued]) writeLocalDraft(key, value());
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
    flushLocalDrafts();
  };
  const back = () => {
    leaving = false;
  };
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', back);
  // A beforeunload can still be cancelled (the unsaved-changes prompt): write, but keep batching.
  window.addEventListener('beforeunload', flushLocalDrafts);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leave();
    else back();
  });
}
