import { notebookColors, pickRandomColor } from '../../../shared/domain/colors.ts';
import { messages } from '../../../shared/messages.ts';
import type { Note, NotesOutline } from '../../../shared/schemas/note.ts';
import type { Notebook, Section } from '../../../shared/schemas/notebook.ts';
import { findSection } from './tree-ops.ts';

/**
 * New notebooks, sections and pages as the server will hold them, made here so they show (and can be
 * named, opened, typed in) before it answers: the client's id, the server's defaults (the shared
 * messages), the end of their list (the server appends at max(position) + 1, and positions are 0..n-1).
 * The colour is picked here and sent, so both sides have the same one.
 */

const stamps = (now: Date) => ({ createdAt: now.toISOString(), updatedAt: now.toISOString() });

export function newNotebook(tree: NotesOutline | undefined, now = new Date()): Notebook {
  return {
    id: crypto.randomUUID(),
    title: messages.notes.newNotebook,
    color: pickRandomColor(notebookColors),
    position: tree?.notebooks.length ?? 0,
    ...stamps(now),
  };
}

export function newSection(tree: NotesOutline | undefined, notebookId: string, now = new Date()): Section {
  const notebook = tree?.notebooks.find((n) => n.id === notebookId);
  return {
    id: crypto.randomUUID(),
    notebookId,
    title: messages.notes.newSection,
    position: notebook?.sections.length ?? 0,
    ...stamps(now),
  };
}

/** Null when the section is not in the tree (nothing to create in). */
export function newPage(
  tree: NotesOutline | undefined,
  sectionId: string,
  /** The section's pages when loaded: a count in the tree may lag behind them. */
  loaded: number | undefined,
  now = new Date(),
): Note | null {
  const found = tree ? findSection(tree, sectionId) : null;
  if (!found) return null;
  return {
    id: crypto.randomUUID(),
    sectionId,
    notebookId: found.notebook.id,
    title: messages.notes.untitledNote,
    content: '',
    position: loaded ?? found.section.noteCount,
    version: 1,
    ...stamps(now),
  };
}
