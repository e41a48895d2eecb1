import { useCreateAndName } from '../../../components/tree/use-create-and-name.ts';
import type { NotesNavigation } from './use-notes-navigation.ts';
import type { TreeMutations } from './use-notes-tree.ts';
import { selectionAt } from './use-selection.ts';

/** Creating notebooks, sections and pages; each opens ready to be named. */
export function useNotesCreate(mutations: TreeMutations, navigation: NotesNavigation) {
  const { selection, select, openPage } = navigation;
  const { namingId, doneNaming, createAndName } = useCreateAndName(select);

  const createNotebook = () =>
    createAndName(mutations.createNotebook, undefined, (notebook) => selectionAt(notebook.id));

  const createSection = (notebookId: string) =>
    createAndName(mutations.createSection, notebookId, (section) =>
      selectionAt(section.notebookId, section.id),
    );

  /**
   * A page in the selected section, opened with its title selected for typing (the `New page` button;
   * the `n` shortcut may call it too). Does nothing without a selected section.
   */
  const createPage = (onCreated?: (noteId: string) => void) => {
    const sectionId = selection.sectionId;
    if (!sectionId) return;
    mutations.createNote.mutate(sectionId, {
      onSuccess: (note) => {
        openPage(note.id, note.sectionId, true);
        onCreated?.(note.id);
      },
    });
  };

  return { createNotebook, createSection, createPage, namingId, doneNaming };
}
