import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { NoteSummary, NotesOutline } from '../../../shared/schemas/note.ts';
import type { TreeMove } from '../../components/tree/drop-planner.ts';
import type { TreeDropPorts } from '../../components/tree/use-tree-drop.ts';
import { noteKeys } from './api.ts';
import type { TreeMutations } from './hooks/use-notes-tree.ts';
import { pagesOf, sectionPagesQuery } from './notes-cache.ts';
import { notesLevels } from './notes-levels.ts';

/** How the notes tree moves a row: its levels from the caches and its order requests (drag and Move to…). */
export function useNotesMovePorts(mutations: TreeMutations): TreeDropPorts<NoteSummary> {
  const client = useQueryClient();
  return useMemo<TreeDropPorts<NoteSummary>>(
    () => ({
      levels: () =>
        notesLevels(client.getQueryData<NotesOutline>(noteKeys.tree), (id) => pagesOf(client, id)),
      order: (move, onSuccess) => sendOrder(mutations, move, onSuccess),
      loadLeaves: (sectionId) => client.fetchQuery(sectionPagesQuery(client, sectionId)),
    }),
    [client, mutations],
  );
}

function sendOrder(mutations: TreeMutations, move: TreeMove, onSuccess?: () => void) {
  const { kind, parentId, ids } = move;
  if (kind === 'notebook') mutations.orderNotebooks.mutate(ids, { onSuccess });
  else if (parentId === null) return;
  else if (kind === 'section') mutations.orderSections.mutate({ notebookId: parentId, ids }, { onSuccess });
  else if (kind === 'note')
    mutations.orderNotes.mutate({ sectionId: parentId, ids, from: move.from }, { onSuccess });
}
