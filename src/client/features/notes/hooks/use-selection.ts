import { useCallback, useMemo, useState } from 'react';
import type { NotesTree } from '../../../../shared/schemas/note.ts';
import { readLocal, writeLocal } from '../../../lib/local-store.ts';
import { findNote, findSection } from '../tree-ops.ts';

export interface Selection {
  notebookId: string | null;
  sectionId: string | null;
  noteId: string | null;
}

const none: Selection = { notebookId: null, sectionId: null, noteId: null };
export const selectionStorageKey = 'jotlist-notes-selection';

function stored(): Selection {
  try {
    const value = JSON.parse(readLocal(selectionStorageKey) ?? 'null') as Partial<Selection> | null;
    const id = (v: unknown) => (typeof v === 'string' ? v : null);
    return value
      ? { notebookId: id(value.notebookId), sectionId: id(value.sectionId), noteId: id(value.noteId) }
      : none;
  } catch {
    return none;
  }
}

/**
 * What is open: a notebook, a section of it, a page of that. Held as chosen, and read through the tree so
 * that a page or section that moved (drag to another parent) takes its parents along and a deleted one
 * falls away. Remembered on this device so a reload comes back to the same page.
 */
export function useSelection(tree: NotesTree | undefined) {
  const [chosen, setChosen] = useState<Selection>(stored);

  const selection = useMemo<Selection>(() => {
    if (!tree) return chosen;
    const note = chosen.noteId ? findNote(tree, chosen.noteId) : null;
    if (note) return { notebookId: note.notebook.id, sectionId: note.section.id, noteId: note.note.id };
    const section = chosen.sectionId ? findSection(tree, chosen.sectionId) : null;
    if (section) return { notebookId: section.notebook.id, sectionId: section.section.id, noteId: null };
    const notebook = tree.notebooks.find((n) => n.id === chosen.notebookId);
    return notebook ? { notebookId: notebook.id, sectionId: null, noteId: null } : none;
  }, [tree, chosen]);

  const select = useCallback((next: Selection) => {
    setChosen(next);
    writeLocal(selectionStorageKey, JSON.stringify(next));
  }, []);

  return { selection, select };
}
