import { useQueryClient } from '@tanstack/react-query';
import type { NotesOutline } from '../../../../shared/schemas/note.ts';
import { firstRemaining } from '../../../components/tree/siblings.ts';
import { useTreeDelete } from '../../../components/tree/use-tree-delete.ts';
import type { DeleteRequest } from '../components/notebook-tree.tsx';
import type { SaverRegistry } from '../note-saver.ts';
import { locatePage, pagesOf } from '../notes-cache.ts';
import { notesLevels } from '../notes-levels.ts';
import type { NotesNavigation } from './use-notes-navigation.ts';
import type { TreeMutations } from './use-notes-tree.ts';
import { selectionAt } from './use-selection.ts';

/** Deleting notebooks, sections and pages: a deleted selection falls to its first remaining sibling. */
export function useNotesDelete(
  tree: NotesOutline | undefined,
  mutations: TreeMutations,
  { selection, select }: NotesNavigation,
  savers: SaverRegistry,
) {
  const client = useQueryClient();
  const selected = { top: selection.notebookId, middle: selection.sectionId };
  const reselect = (next: typeof selected) => select(selectionAt(next.top, next.middle));
  /** The pages a delete takes along, as far as they are loaded: their savers stop once it is done. */
  const pageIdsOf = (sectionIds: string[]) =>
    sectionIds.flatMap((id) => (pagesOf(client, id) ?? []).map((page) => page.id));

  const deletePage = (noteId: string) => {
    const sectionId = locatePage(client, noteId)?.sectionId;
    if (!sectionId) return;
    if (selection.noteId === noteId) {
      const next = firstRemaining(pagesOf(client, sectionId) ?? [], noteId);
      select(selectionAt(selection.notebookId, sectionId, next));
    }
    mutations.deleteNote.mutate({ id: noteId, sectionId }, { onSuccess: () => savers.remove(noteId) });
  };

  const deleteRow = { levels: tree && notesLevels(tree, () => undefined), selected, reselect };
  return useTreeDelete(deleteRow, (request: DeleteRequest) => {
    if (request.kind === 'note') deletePage(request.id);
    else if (request.kind === 'notebook') {
      const sections = tree?.notebooks.find((n) => n.id === request.id)?.sections ?? [];
      const noteIds = pageIdsOf(sections.map((s) => s.id));
      mutations.deleteNotebook.mutate(request.id, { onSuccess: () => savers.removeAll(noteIds) });
    } else {
      const noteIds = pageIdsOf([request.id]);
      mutations.deleteSection.mutate(request.id, { onSuccess: () => savers.removeAll(noteIds) });
    }
  });
}
