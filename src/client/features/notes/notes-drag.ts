import type { NoteSummary, NotesOutline } from '../../../shared/schemas/note.ts';
import type { TreeDragHandlers } from '../../components/tree/lazy-dnd.tsx';
import { useNotesDrop } from './hooks/use-notes-dnd.ts';
import type { TreeMutations } from './hooks/use-notes-tree.ts';
import { useNotesDragAccessibility } from './notes-drag-model.ts';

/** What the notes tree's drop logic reads (components/tree/lazy-dnd.tsx passes it in). */
export interface NotesDragInput {
  tree: NotesOutline | undefined;
  mutations: TreeMutations;
  openSectionId: string | null;
  pages: readonly NoteSummary[] | undefined;
}

/**
 * The notes tree's drop and announcements, fetched with dnd-kit on the first drag (issue 14): a
 * workspace that never drags never downloads them.
 */
export function useNotesDrag(input: NotesDragInput): TreeDragHandlers {
  return {
    onDragEnd: useNotesDrop(input.tree, input.mutations),
    accessibility: useNotesDragAccessibility(input.tree, input.openSectionId, input.pages),
  };
}
