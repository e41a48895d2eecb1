import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { NoteSummary, NotesOutline, SectionNotesResponse } from '../../../shared/schemas/note.ts';
import { dragAccessibility } from '../../components/tree/drag-announcements.ts';
import type { TreeDragHandlers } from '../../components/tree/lazy-dnd.tsx';
import { levelsModel } from '../../components/tree/tree-levels.ts';
import { useTreeDrop } from '../../components/tree/use-tree-drop.ts';
import { noteKeys } from './api.ts';
import type { TreeMutations } from './hooks/use-notes-tree.ts';
import { notesLevels } from './notes-levels.ts';
import { useNotesMovePorts } from './notes-move.ts';

/** What the notes tree's drop logic reads (components/tree/lazy-dnd.tsx passes it in). */
export interface NotesDragInput {
  tree: NotesOutline | undefined;
  mutations: TreeMutations;
  openSectionId: string | null;
  pages: readonly NoteSummary[] | undefined;
}

/**
 * The notes tree's drop and announcements, fetched with dnd-kit on the first drag: a workspace that
 * never drags never downloads them.
 */
export function useNotesDrag(input: NotesDragInput): TreeDragHandlers {
  return {
    onDragEnd: useNotesDrop(input.mutations),
    accessibility: useNotesDragAccessibility(input.tree, input.openSectionId, input.pages),
  };
}

function useNotesDrop(mutations: TreeMutations) {
  return useTreeDrop(useNotesMovePorts(mutations));
}

/**
 * The notes sidebar's DndContext `accessibility`: drags announced by name and place. The page lists are
 * read at render, not at each announcement: a drop's own optimistic move (made before dnd-kit speaks) must
 * not count in its `Dropped … position` sentence. The open section's list (`pages`) renders it again.
 */
function useNotesDragAccessibility(
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
    return dragAccessibility(() => levelsModel(notesLevels(tree, (id) => lists.get(id))));
  }, [tree, client, openSectionId, pages]);
}
