import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { NotesOutline } from '../../../../shared/schemas/note.ts';
import {
  type StoredSelection,
  selectionBuilder,
  useStoredSelection,
} from '../../../components/tree/use-stored-selection.ts';
import { noteKeys } from '../api.ts';
import { locatePage, pagesOf } from '../notes-cache.ts';
import { findSection } from '../tree-ops.ts';

const selectionFields = ['notebookId', 'sectionId', 'noteId'] as const;

/** The chosen notebook, section and page (null: none at that level). */
export type Selection = StoredSelection<(typeof selectionFields)[number]>;

/** A notebook, a section of it, a page of that: what is not named is not open. */
export const selectionAt = selectionBuilder(selectionFields);

const none = selectionAt(null);
export const selectionStorageKey = 'jotlist-notes-selection';

/** What the selection needs to know of the sections' page lists loaded so far. */
export interface LoadedPages {
  /** The section a loaded page is in now; undefined when no loaded list has it. */
  sectionOf(noteId: string): string | undefined;
  /** Whether the section's pages are loaded. */
  loaded(sectionId: string): boolean;
}

/**
 * The chosen notebook, section and page, read through the tree and the loaded page lists: a page or
 * section that moved takes its parents along, a deleted one falls away. A page whose section's list has
 * not arrived yet is taken on trust, so a reload opens it at once, beside the list's request.
 */
export function resolveSelection(
  tree: NotesOutline | undefined,
  chosen: Selection,
  pages: LoadedPages,
): Selection {
  if (!tree) return chosen;
  const at = chosen.noteId ? pages.sectionOf(chosen.noteId) : undefined;
  const home = at ? findSection(tree, at) : null;
  if (home) return { notebookId: home.notebook.id, sectionId: home.section.id, noteId: chosen.noteId };
  const section = chosen.sectionId ? findSection(tree, chosen.sectionId) : null;
  if (section) {
    const pending = chosen.noteId !== null && !pages.loaded(section.section.id);
    return {
      notebookId: section.notebook.id,
      sectionId: section.section.id,
      noteId: pending ? chosen.noteId : null,
    };
  }
  const notebook = tree.notebooks.find((n) => n.id === chosen.notebookId);
  return notebook ? { notebookId: notebook.id, sectionId: null, noteId: null } : none;
}

/**
 * The loaded page lists as resolveSelection reads them: a new object whenever any section's cached pages
 * change (loaded, moved, deleted), so the selection is worked out again.
 */
function useLoadedPages(): LoadedPages {
  const client = useQueryClient();
  const read = useCallback(
    (): LoadedPages => ({
      sectionOf: (noteId) => locatePage(client, noteId)?.sectionId,
      loaded: (sectionId) => pagesOf(client, sectionId) !== undefined,
    }),
    [client],
  );
  const [pages, setPages] = useState(read);
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        const [scope, kind] = event.query.queryKey;
        if (scope !== noteKeys.allPages[0] || kind !== noteKeys.allPages[1]) return;
        const changed =
          (event.type === 'updated' && event.action.type === 'success') || event.type === 'removed';
        if (changed) setPages(read());
      }),
    [client, read],
  );
  return pages;
}

/**
 * What is open: a notebook, a section of it, a page of that (resolveSelection). Remembered on this device
 * so a reload comes back to the same page.
 */
export function useSelection(tree: NotesOutline | undefined) {
  const { chosen, select } = useStoredSelection(selectionStorageKey, selectionFields);
  const pages = useLoadedPages();
  const selection = useMemo(() => resolveSelection(tree, chosen, pages), [tree, chosen, pages]);
  return { selection, select };
}
