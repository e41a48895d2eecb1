import { useTreeRename } from '../../../components/tree/use-tree-rename.ts';
import { notesLevels } from '../notes-levels.ts';
import { useNoteSavers } from './use-note-savers.ts';
import { useNotesCreate } from './use-notes-create.ts';
import { useNotesDelete } from './use-notes-delete.ts';
import { useNotesNavigation } from './use-notes-navigation.ts';
import { useNotesTree, useSectionPages, useTreeMutations } from './use-notes-tree.ts';

/** The notes side of the workspace: tree, selection, the open page, every page's autosave, deletes. */
export function useNotesWorkspace() {
  const treeQuery = useNotesTree();
  const tree = treeQuery.data;
  const mutations = useTreeMutations();
  const navigation = useNotesNavigation(tree);
  const { selection } = navigation;
  // The open section's pages: asked for beside the tree on a reload (the selection is remembered).
  const pagesQuery = useSectionPages(selection.sectionId, tree);
  const savers = useNoteSavers(navigation.createdNoteId);
  const creating = useNotesCreate(tree, mutations, navigation);
  const deleting = useNotesDelete(tree, mutations, navigation, savers);
  /** Renames a notebook or section from its tree row, with Undo. */
  const renameInTree = useTreeRename({
    levels: notesLevels(tree, () => undefined),
    renames: { notebook: mutations.renameNotebook, section: mutations.renameSection },
    namingId: creating.namingId,
  });

  return {
    treeQuery,
    tree,
    /** The selected section's pages (no data while they load). */
    pagesQuery,
    mutations,
    selection,
    selectNotebook: navigation.selectNotebook,
    selectSection: navigation.selectSection,
    openPage: navigation.openPage,
    openHit: navigation.openHit,
    open: navigation.open,
    createdNoteId: navigation.createdNoteId,
    savers,
    ...deleting,
    ...creating,
    renameInTree,
  };
}

export type NotesWorkspace = ReturnType<typeof useNotesWorkspace>;
