import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { NotesOutline } from '../../../../shared/schemas/note.ts';
import { readLocal, writeLocal } from '../../../lib/local-store.ts';
import { noteKeys } from '../api.ts';
import { locatePage, pagesOf } from '../notes-cache.ts';
import { findSection } from '../tree-ops.ts';

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
  const [chosen, setChosen] = useState<Selection>(stored);
  const pages = useLoadedPages();
  const selection = useMemo(() => resolveSelection(tree, chosen, pages), [tree, chosen, pages]);

  const select = useCallback((next: Selection) => {
    setChosen(next);
    writeLocal(selectionStorageKey, JSON.stringify(next));
  }, []);

  return { selection, select };
}
