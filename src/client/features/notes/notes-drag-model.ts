import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { NoteSummary, NotesOutline, SectionNotesResponse } from '../../../shared/schemas/note.ts';
import { type DragModel, dragAccessibility } from '../../components/tree/drag-announcements.ts';
import { noteKeys } from './api.ts';
import { findSection } from './tree-ops.ts';

/**
 * The notes tree as the drag announcements read it: notebooks > sections > pages. A section's pages come
 * from the query cache (`pagesOf`), so a section whose pages are not loaded has none to count: a page
 * dropped there goes to its end.
 */
export function notesDragModel(
  tree: NotesOutline | undefined,
  pagesOf: (sectionId: string) => readonly NoteSummary[] | undefined,
): DragModel {
  const notebooks = tree?.notebooks ?? [];
  const notebook = (id: string | null) => notebooks.find((n) => n.id === id);
  const findPage = (id: string) => {
    for (const nb of notebooks) {
      for (const section of nb.sections) {
        const page = pagesOf(section.id)?.find((n) => n.id === id);
        if (page) return { page, sectionId: section.id };
      }
    }
    return undefined;
  };
  return {
    title(kind, id) {
      if (kind === 'notebook') return notebook(id)?.title;
      if (kind === 'section') return tree ? findSection(tree, id)?.section.title : undefined;
      if (kind === 'note') return findPage(id)?.page.title;
      return undefined;
    },
    children(kind, parentId) {
      if (kind === 'notebook') return notebooks.map((n) => n.id);
      if (kind === 'section') return notebook(parentId)?.sections.map((s) => s.id);
      if (kind === 'note' && parentId) return pagesOf(parentId)?.map((n) => n.id);
      return undefined;
    },
    parentOf(kind, id) {
      if (kind === 'notebook') return null;
      if (kind === 'section') return tree ? findSection(tree, id)?.notebook.id : undefined;
      if (kind === 'note') return findPage(id)?.sectionId;
      return undefined;
    },
  };
}

/**
 * The notes sidebar's DndContext `accessibility`: drags announced by name and place. The page lists are
 * read at render, not at each announcement: a drop's own optimistic move (made before dnd-kit speaks) must
 * not count in its `Dropped … position` sentence. The open section's list (`pages`) renders it again.
 */
export function useNotesDragAccessibility(
  tree: NotesOutline | undefined,
  openSectionId: string | null,
  pages: readonly NoteSummary[] | undefined,
) {
  const client = useQueryClient();
  return useMemo(() => {
    const lists = new Map<string, readonly NoteSummary[]>();
    for (const [key, data] of client.getQueriesData<SectionNotesResponse>({ queryKey: noteKeys.allPages })) {
      if (data && typeof key[2] === 'string') lists.set(key[2], data.notes);
    }
    if (openSectionId && pages) lists.set(openSectionId, pages);
    return dragAccessibility(() => notesDragModel(tree, (id) => lists.get(id)));
  }, [tree, client, openSectionId, pages]);
}
