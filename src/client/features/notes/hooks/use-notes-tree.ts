import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { NotesTree } from '../../../../shared/schemas/note.ts';
import { useCachedCreate, useCachedWrite } from '../../../lib/use-cached-write.ts';
import { noteKeys, notesApi } from '../api.ts';
import * as ops from '../tree-ops.ts';

/** The workspace tree (titles only, DESIGN §5) and its writes: optimistic, rolled back with a toast. */
export function useNotesTree() {
  return useQuery({ queryKey: noteKeys.tree, queryFn: ({ signal }) => notesApi.tree(signal) });
}

export const setTree = (client: QueryClient, change: (tree: NotesTree) => NotesTree) =>
  client.setQueryData<NotesTree>(noteKeys.tree, (tree) => (tree ? change(tree) : tree));

const useTreeWrite = <V>(
  send: (vars: V) => Promise<unknown>,
  apply: (tree: NotesTree, vars: V) => NotesTree,
) => useCachedWrite<NotesTree, V>(noteKeys.tree, send, apply);

const useTreeCreate = <V, R>(
  send: (vars: V) => Promise<R>,
  apply: (tree: NotesTree, result: R, vars: V) => NotesTree,
) => useCachedCreate<NotesTree, V, R>(noteKeys.tree, send, apply);

export function useTreeMutations() {
  return {
    createNotebook: useTreeCreate(
      () => notesApi.createNotebook(),
      (tree, notebook) => ops.addNotebook(tree, { ...notebook, sections: [] }),
    ),
    createSection: useTreeCreate(
      (notebookId: string) => notesApi.createSection(notebookId),
      (tree, section) => ops.addSection(tree, { ...section, notes: [] }),
    ),
    createNote: useTreeCreate(
      (sectionId: string) => notesApi.createNote(sectionId),
      (tree, note) =>
        ops.addNote(tree, note.sectionId, {
          id: note.id,
          title: note.title,
          position: note.position,
          updatedAt: note.updatedAt,
        }),
    ),
    renameNotebook: useTreeWrite(
      (v: { id: string; title: string }) => notesApi.renameNotebook(v.id, v.title),
      (tree, v) => ops.renameNotebook(tree, v.id, v.title),
    ),
    renameSection: useTreeWrite(
      (v: { id: string; title: string }) => notesApi.renameSection(v.id, v.title),
      (tree, v) => ops.renameSection(tree, v.id, v.title),
    ),
    deleteNotebook: useTreeWrite(
      (id: string) => notesApi.deleteNotebook(id),
      (tree, id) => ops.removeNotebook(tree, id),
    ),
    deleteSection: useTreeWrite(
      (id: string) => notesApi.deleteSection(id),
      (tree, id) => ops.removeSection(tree, id),
    ),
    deleteNote: useTreeWrite(
      (id: string) => notesApi.deleteNote(id),
      (tree, id) => ops.removeNote(tree, id),
    ),
    orderNotebooks: useTreeWrite(
      (ids: string[]) => notesApi.orderNotebooks(ids),
      (tree, ids) => ops.orderNotebooks(tree, ids),
    ),
    orderSections: useTreeWrite(
      (v: { notebookId: string; ids: string[] }) => notesApi.orderSections(v.notebookId, v.ids),
      (tree, v) => ops.orderSections(tree, v.notebookId, v.ids),
    ),
    orderNotes: useTreeWrite(
      (v: { sectionId: string; ids: string[] }) => notesApi.orderNotes(v.sectionId, v.ids),
      (tree, v) => ops.orderNotes(tree, v.sectionId, v.ids),
    ),
  };
}

export type TreeMutations = ReturnType<typeof useTreeMutations>;
