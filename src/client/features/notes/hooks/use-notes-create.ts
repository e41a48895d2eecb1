import { useQueryClient } from '@tanstack/react-query';
import type { NotesOutline } from '../../../../shared/schemas/note.ts';
import { useCreateAndName } from '../../../components/tree/use-create-and-name.ts';
import { newNotebook, newPage, newSection } from '../new-rows.ts';
import { pagesOf } from '../notes-cache.ts';
import type { NotesNavigation } from './use-notes-navigation.ts';
import type { TreeMutations } from './use-notes-tree.ts';
import { selectionAt } from './use-selection.ts';

/** Creating notebooks, sections and pages; each shows at once and opens ready to be named. */
export function useNotesCreate(
  tree: NotesOutline | undefined,
  mutations: TreeMutations,
  navigation: NotesNavigation,
) {
  const client = useQueryClient();
  const { selection, select, openPage } = navigation;
  const { namingId, doneNaming, createAndName } = useCreateAndName(select);

  const createNotebook = () => {
    const notebook = newNotebook(tree);
    createAndName(mutations.createNotebook, notebook, selectionAt(notebook.id));
  };

  const createSection = (notebookId: string) => {
    const section = newSection(tree, notebookId);
    createAndName(mutations.createSection, section, selectionAt(notebookId, section.id));
  };

  /**
   * A page in the selected section, opened in the editor with its title selected for typing (the
   * `New page` button; the `n` shortcut may call it too). Does nothing without a selected section.
   */
  const createPage = (onCreated?: (noteId: string) => void) => {
    const sectionId = selection.sectionId;
    const note = sectionId ? newPage(tree, sectionId, pagesOf(client, sectionId)?.length) : null;
    if (!note) return;
    mutations.createNote.mutate(note);
    openPage(note.id, note.sectionId, true);
    onCreated?.(note.id);
  };

  return { createNotebook, createSection, createPage, namingId, doneNaming };
}
