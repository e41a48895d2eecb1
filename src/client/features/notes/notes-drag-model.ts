import { useMemo } from 'react';
import type { NotesTree } from '../../../shared/schemas/note.ts';
import { type DragModel, dragAccessibility } from '../../components/tree/drag-announcements.ts';
import { findNote, findSection } from './tree-ops.ts';

/** The notes tree as the drag announcements read it: notebooks > sections > pages. */
export function notesDragModel(tree: NotesTree | undefined): DragModel {
  const notebooks = tree?.notebooks ?? [];
  const notebook = (id: string | null) => notebooks.find((n) => n.id === id);
  return {
    title(kind, id) {
      if (!tree) return undefined;
      if (kind === 'notebook') return notebook(id)?.title;
      if (kind === 'section') return findSection(tree, id)?.section.title;
      if (kind === 'note') return findNote(tree, id)?.note.title;
      return undefined;
    },
    children(kind, parentId) {
      if (kind === 'notebook') return notebooks.map((n) => n.id);
      if (kind === 'section') return notebook(parentId)?.sections.map((s) => s.id);
      if (kind === 'note' && tree && parentId)
        return findSection(tree, parentId)?.section.notes.map((n) => n.id);
      return undefined;
    },
    parentOf(kind, id) {
      if (!tree) return undefined;
      if (kind === 'notebook') return null;
      if (kind === 'section') return findSection(tree, id)?.notebook.id;
      if (kind === 'note') return findNote(tree, id)?.section.id;
      return undefined;
    },
  };
}

/** The notes sidebar's DndContext `accessibility`: drags announced by name and place. */
export function useNotesDragAccessibility(tree: NotesTree | undefined) {
  return useMemo(() => dragAccessibility(() => notesDragModel(tree)), [tree]);
}
