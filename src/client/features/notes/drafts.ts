import {
  clearLocalDraft,
  flushLocalDraft,
  flushLocalDrafts,
  queueLocalDraft,
  readLocalDraft,
  writeLocalDraft,
} from '../../lib/local-drafts.ts';

/**
 * Unsaved page edits kept on this device until the server confirms them (typed text is never lost: docs/PRODUCT.md §4.5): written BEFORE
 * every save is sent, removed only after a save of exactly this text succeeds. The queue and its
 * writes are lib/local-drafts.ts's, shared with the task description.
 */
export interface Draft {
  title: string;
  content: string;
  /** The server version the edit started from; a save sends it as baseVersion. */
  baseVersion: number;
  /** The server's text of `baseVersion`: the base of a three-way merge if the server has moved on. */
  base?: { title: string; content: string };
  savedAt: number;
}

export const draftKey = (noteId: string) => `jotlist-draft:${noteId}`;

export { DRAFT_WRITE_DELAY_MS } from '../../lib/local-drafts.ts';

type DraftText = Omit<Draft, 'savedAt'>;

const stamped = (draft: DraftText) => () => JSON.stringify({ ...draft, savedAt: Date.now() });

export function readDraft(noteId: string): Draft | null {
  const raw = readLocalDraft(draftKey(noteId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Draft>;
    if (typeof value.title !== 'string' || typeof value.content !== 'string') return null;
    if (typeof value.baseVersion !== 'number') return null;
    return {
      title: value.title,
      content: value.content,
      baseVersion: value.baseVersion,
      ...(isPageText(value.base) ? { base: value.base } : {}),
      savedAt: value.savedAt ?? 0,
    };
  } catch {
    return null;
  }
}

function isPageText(value: unknown): value is { title: string; content: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { title, content } = value as Record<string, unknown>;
  return typeof title === 'string' && typeof content === 'string';
}

/** Writes the draft now (before a save is sent, a conflict resolved). */
export function writeDraft(noteId: string, draft: DraftText): boolean {
  return writeLocalDraft(draftKey(noteId), stamped(draft)());
}

/**
 * Keeps the draft of an edit being typed: written within DRAFT_WRITE_DELAY_MS (plus idle time), and
 * at once on pagehide, on visibilitychange to hidden, on beforeunload, or while the page is leaving.
 */
export function queueDraft(noteId: string, draft: DraftText): void {
  queueLocalDraft(draftKey(noteId), stamped(draft));
}

/** Writes the note's queued draft now, if it has one (a save is about to be sent). */
export function flushDraft(noteId: string): void {
  flushLocalDraft(draftKey(noteId));
}

export function clearDraft(noteId: string): void {
  clearLocalDraft(draftKey(noteId));
}

/** Writes every queued draft now. */
export const flushDrafts = flushLocalDrafts;
