import type { DragEndEvent } from '@dnd-kit/core';
import { arrayMove } from '@dnd-kit/sortable';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { NotesTree } from '../../../../shared/schemas/note.ts';
import { dataOf } from '../../../components/tree/tree-dnd.ts';
import { restoreAt } from '../../../components/tree/undo-move.ts';
import { useToasts } from '../../../components/ui/toasts.tsx';
import { noteKeys } from '../api.ts';
import { findNote, findSection } from '../tree-ops.ts';
import type { TreeMutations } from './use-notes-tree.ts';

/**
 * Turns a drop into one order request (the server rewrites positions in one transaction). Each move,
 * once the server has it, offers Undo: the item goes back to its old parent and index (issue 14.3).
 */
export function useNotesDrop(tree: NotesTree | undefined, mutations: TreeMutations) {
  const client = useQueryClient();
  const { offerUndo } = useToasts();
  return useCallback(
    (event: DragEndEvent) => {
      const from = dataOf(event.active);
      const to = dataOf(event.over);
      if (!tree || !from || !to || from.id === to.id) return;
      const treeNow = () => client.getQueryData<NotesTree>(noteKeys.tree);

      if (from.kind === 'notebook' && to.kind === 'notebook') {
        const ids = tree.notebooks.map((n) => n.id);
        const was = ids.indexOf(from.id);
        const title = tree.notebooks[was]?.title ?? '';
        mutations.orderNotebooks.mutate(arrayMove(ids, was, ids.indexOf(to.id)), {
          onSuccess: () =>
            offerUndo({
              message: messages.undo.moved('notebook', title),
              targets: [`notebook:${from.id}`],
              undo: () => {
                const now = treeNow();
                if (now)
                  mutations.orderNotebooks.mutate(
                    restoreAt(
                      now.notebooks.map((n) => n.id),
                      from.id,
                      was,
                    ),
                  );
              },
            }),
        });
        return;
      }

      if (from.kind === 'section') {
        const source = findSection(tree, from.id);
        const targetId = to.kind === 'notebook' ? to.id : findSection(tree, to.id)?.notebook.id;
        const target = tree.notebooks.find((n) => n.id === targetId);
        if (!source || !target) return;
        const was = source.notebook.sections.findIndex((s) => s.id === from.id);
        if (source.notebook.id === target.id && to.kind === 'notebook') return;
        const ids = target.sections.map((s) => s.id);
        const at = to.kind === 'section' ? ids.indexOf(to.id) : ids.length;
        const next =
          source.notebook.id === target.id
            ? arrayMove(ids, ids.indexOf(from.id), ids.indexOf(to.id))
            : [...ids.slice(0, at), from.id, ...ids.slice(at)];
        mutations.orderSections.mutate(
          { notebookId: target.id, ids: next },
          {
            onSuccess: () =>
              offerUndo({
                message: messages.undo.moved('section', source.section.title),
                targets: [`section:${from.id}`],
                undo: () => {
                  const back = treeNow()?.notebooks.find((n) => n.id === source.notebook.id);
                  if (!back) return;
                  const ids = restoreAt(
                    back.sections.map((s) => s.id),
                    from.id,
                    was,
                  );
                  mutations.orderSections.mutate({ notebookId: back.id, ids });
                },
              }),
          },
        );
        return;
      }

      if (from.kind === 'note') {
        const source = findNote(tree, from.id);
        const targetId = to.kind === 'section' ? to.id : findNote(tree, to.id)?.section.id;
        const target = targetId ? findSection(tree, targetId)?.section : undefined;
        if (!source || !target) return;
        if (source.section.id === target.id && to.kind === 'section') return;
        const was = source.section.notes.findIndex((n) => n.id === from.id);
        const ids = target.notes.map((n) => n.id);
        const at = to.kind === 'note' ? ids.indexOf(to.id) : ids.length;
        const next =
          source.section.id === target.id
            ? arrayMove(ids, ids.indexOf(from.id), ids.indexOf(to.id))
            : [...ids.slice(0, at), from.id, ...ids.slice(at)];
        mutations.orderNotes.mutate(
          { sectionId: target.id, ids: next },
          {
            onSuccess: () =>
              offerUndo({
                message: messages.undo.moved('page', source.note.title),
                targets: [`note:${from.id}`],
                undo: () => {
                  const back = treeNow();
                  const section = back ? findSection(back, source.section.id)?.section : undefined;
                  if (!section) return;
                  const ids = restoreAt(
                    section.notes.map((n) => n.id),
                    from.id,
                    was,
                  );
                  mutations.orderNotes.mutate({ sectionId: section.id, ids });
                },
              }),
          },
        );
      }
    },
    [tree, mutations, client, offerUndo],
  );
}
