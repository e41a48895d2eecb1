import type { DragEndEvent } from '@dnd-kit/core';
import { arrayMove } from '@dnd-kit/sortable';
import { useCallback } from 'react';
import type { NotesTree } from '../../../../shared/schemas/note.ts';
import { dataOf } from '../../../components/tree/tree-dnd.ts';
import { findNote, findSection } from '../tree-ops.ts';
import type { TreeMutations } from './use-notes-tree.ts';

/** Turns a drop into one order request (the server rewrites positions in one transaction). */
export function useNotesDrop(tree: NotesTree | undefined, mutations: TreeMutations) {
  return useCallback(
    (event: DragEndEvent) => {
      const from = dataOf(event.active);
      const to = dataOf(event.over);
      if (!tree || !from || !to || from.id === to.id) return;

      if (from.kind === 'notebook' && to.kind === 'notebook') {
        const ids = tree.notebooks.map((n) => n.id);
        mutations.orderNotebooks.mutate(arrayMove(ids, ids.indexOf(from.id), ids.indexOf(to.id)));
        return;
      }

      if (from.kind === 'section') {
        const source = findSection(tree, from.id);
        const targetId = to.kind === 'notebook' ? to.id : findSection(tree, to.id)?.notebook.id;
        const target = tree.notebooks.find((n) => n.id === targetId);
        if (!source || !target) return;
        const ids = target.sections.map((s) => s.id);
        if (source.notebook.id === target.id) {
          if (to.kind === 'notebook') return;
          mutations.orderSections.mutate({
            notebookId: target.id,
            ids: arrayMove(ids, ids.indexOf(from.id), ids.indexOf(to.id)),
          });
        } else {
          const at = to.kind === 'section' ? ids.indexOf(to.id) : ids.length;
          ids.splice(at, 0, from.id);
          mutations.orderSections.mutate({ notebookId: target.id, ids });
        }
        return;
      }

      if (from.kind === 'note') {
        const source = findNote(tree, from.id);
        const targetId = to.kind === 'section' ? to.id : findNote(tree, to.id)?.section.id;
        const target = targetId ? findSection(tree, targetId)?.section : undefined;
        if (!source || !target) return;
        const ids = target.notes.map((n) => n.id);
        if (source.section.id === target.id) {
          if (to.kind === 'section') return;
          mutations.orderNotes.mutate({
            sectionId: target.id,
            ids: arrayMove(ids, ids.indexOf(from.id), ids.indexOf(to.id)),
          });
        } else {
          const at = to.kind === 'note' ? ids.indexOf(to.id) : ids.length;
          ids.splice(at, 0, from.id);
          mutations.orderNotes.mutate({ sectionId: target.id, ids });
        }
      }
    },
    [tree, mutations],
  );
}
