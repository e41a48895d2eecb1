import { useState } from 'react';
import type { NotesOutline } from '../../../../shared/schemas/note.ts';
import type { NoteSearchHit } from '../../../../shared/schemas/search.ts';
import { findSection } from '../tree-ops.ts';
import { selectionAt, useSelection } from './use-selection.ts';

/**
 * What is open in the notes tree and the ways to open something: a notebook, a section, a page (a page
 * just created opens with its title selected: `createdNoteId`), a search hit.
 */
export function useNotesNavigation(tree: NotesOutline | undefined) {
  const { selection, select } = useSelection(tree);
  const [createdNoteId, setCreatedNoteId] = useState<string | null>(null);
  const notebookOf = (sectionId: string) =>
    tree ? (findSection(tree, sectionId)?.notebook.id ?? null) : null;

  /** Selecting the open notebook again keeps what is open inside it. */
  const selectNotebook = (id: string) => select(selection.notebookId === id ? selection : selectionAt(id));

  const selectSection = (id: string) => select(selectionAt(notebookOf(id), id));

  /** Opens a page of a section; a page just created (`created`) opens with its title selected. */
  const openPage = (noteId: string, sectionId: string, created = false) => {
    setCreatedNoteId(created ? noteId : null);
    select(selectionAt(notebookOf(sectionId), sectionId, noteId));
  };

  const openHit = (hit: NoteSearchHit) => {
    setCreatedNoteId(null);
    select(selectionAt(hit.notebookId, hit.sectionId, hit.id));
  };

  const openSection = tree && selection.sectionId ? findSection(tree, selection.sectionId) : null;
  /** The open page and where it is (its title comes with its content, in the editor). */
  const open = openSection && selection.noteId ? { noteId: selection.noteId, ...openSection } : null;

  return { selection, select, selectNotebook, selectSection, openPage, openHit, open, createdNoteId };
}

export type NotesNavigation = ReturnType<typeof useNotesNavigation>;
