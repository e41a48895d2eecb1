import type { DragEndEvent } from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { NotesOutline } from '../../../../shared/schemas/note.ts';
import { arrayMove, dataOf } from '../../../components/tree/tree-dnd.ts';
import { restoreAt } from '../../../components/tree/undo-move.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { noteKeys } from '../api.ts';
import { pagesOf, sectionPagesQuery } from '../notes-cache.ts';
import { findSection } from '../tree-ops.ts';
import type { TreeMutations } from './use-notes-tree.ts';

/**
 * Turns a drop into one order request (the server rewrites positions in one transaction). Each move,
 * once the server has it, offers Undo: the item goes back to its old parent and index (issue 14.3).
 */
export function useNotesDrop(tree: NotesOutline | undefined, mutations: TreeMutations) {
  const client = useQueryClient();
  const { offerUndo } = useToasts();
  return useCallback(
    (event: DragEndEvent) => {
      const from = dataOf(event.active);
      const to = dataOf(event.over);
      if (!tree || !from || !to || from.id === to.id) return;
      const treeNow = () => client.getQueryData<NotesOutline>(noteKeys.tree);

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

      if (from.kind === 'note' && from.parentId) {
        const sourceId = from.parentId;
        const targetId = to.kind === 'section' ? to.id : to.kind === 'note' ? to.parentId : null;
        if (!targetId) return;
        const listOf = (sectionId: string) => pagesOf(client, sectionId)?.map((n) => n.id);
        const sourceIds = listOf(sourceId) ?? [];
        const was = sourceIds.indexOf(from.id);
        const title = pagesOf(client, sourceId)?.find((n) => n.id === from.id)?.title ?? '';
        const offer = (movedTo: string) =>
          offerUndo({
            message: messages.undo.moved('page', title),
            targets: [`note:${from.id}`],
            undo: () =>
              mutations.orderNotes.mutate({
                sectionId: sourceId,
                ids: restoreAt(listOf(sourceId) ?? [], from.id, was),
                from: movedTo === sourceId ? undefined : movedTo,
              }),
          });
        if (sourceId === targetId) {
          if (to.kind === 'section') return;
          const ordered = arrayMove(sourceIds, was, sourceIds.indexOf(to.id));
          mutations.orderNotes.mutate(
            { sectionId: targetId, ids: ordered },
            { onSuccess: () => offer(targetId) },
          );
          return;
        }
        const move = () => {
          const ids = listOf(targetId) ?? [];
          const at = to.kind === 'note' ? ids.indexOf(to.id) : -1;
          const next = at === -1 ? [...ids, from.id] : [...ids.slice(0, at), from.id, ...ids.slice(at)];
          mutations.orderNotes.mutate(
            { sectionId: targetId, ids: next, from: sourceId },
            { onSuccess: () => offer(targetId) },
          );
        };
        // A section's order names every page it holds: a section not opened yet is asked for first, and
        // the page goes to its end (what the drag announced).
        if (listOf(targetId)) move();
        else void client.fetchQuery(sectionPagesQuery(client, targetId)).then(move, () => undefined);
      }
    },
    [tree, mutations, client, offerUndo],
  );
}
