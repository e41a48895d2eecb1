import { readLocal, removeLocal, writeLocal } from '../../lib/local-store.ts';

/**
 * Unsaved page edits kept on this device until the server confirms them (DESIGN §5): written BEFORE
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

export function readDraft(noteId: string): Draft | null {
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

export function writeDraft(noteId: string, draft: Omit<Draft, 'savedAt'>): boolean {
  return writeLocal(draftKey(noteId), JSON.stringify({ ...draft, savedAt: Date.now() }));
}

export function clearDraft(noteId: string): void {
  removeLocal(draftKey(noteId));
}
