import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotesOutline } from '../../../../shared/schemas/note.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { useCachedCreate, useCachedWrite } from '../../../lib/use-cached-write.ts';
import { useSnapshotWrite } from '../../../lib/use-snapshot-write.ts';
import { noteKeys, notesApi } from '../api.ts';
import { type EarlyTree, takeArrivedTree, takeTree } from '../early-tree.ts';
import { addPage, orderPages, removePage, sectionPagesQuery, setTree } from '../notes-cache.ts';
import * as ops from '../tree-ops.ts';

/**
 * The workspace tree (notebooks, sections, page counts: docs/client.md) and a section's pages, and their
 * writes: optimistic, rolled back with a toast.
 */
export function useNotesTree() {
  // The tree the page asked for as it booted (early-tree.ts). Already here: the workspace's first render
  // shows it (no render without it, then another with it). Still on its way: the query waits for it.
  let early: EarlyTree | undefined;
  return useQuery({
    queryKey: noteKeys.tree,
    queryFn: async ({ signal }) => fromEarly(await takeTree()) ?? notesApi.tree(signal),
    initialData: () => {
      early = takeArrivedTree();
      return fromEarly(early);
    },
    initialDataUpdatedAt: () => early?.at,
  });
}

const fromEarly = (early: EarlyTree | null | undefined) =>
  early ? notesApi.checkTree(early.body) : undefined;

/** A section's pages (titles, no contents), loaded when it is selected; null asks for nothing. */
export function useSectionPages(sectionId: string | null, tree: NotesOutline | undefined) {
  const client = useQueryClient();
  const query = useQuery({ ...sectionPagesQuery(client, sectionId ?? ''), enabled: sectionId !== null });
  // The tree's count follows the list the server gave, whichever of the two arrived first.
  const count = query.data?.notes.length;
  useEffect(() => {
    if (sectionId && tree && count !== undefined)
      setTree(client, (t) => ops.setNoteCount(t, sectionId, count));
  }, [client, sectionId, tree, count]);
  return query;
}

const useTreeWrite = <V>(
  send: (vars: V) => Promise<unknown>,
  apply: (tree: NotesOutline, vars: V) => NotesOutline,
) => useCachedWrite<NotesOutline, V>(noteKeys.tree, send, apply);

const useTreeCreate = <V, R>(
  send: (vars: V) => Promise<R>,
  apply: (tree: NotesOutline, result: R, vars: V) => NotesOutline,
) => useCachedCreate<NotesOutline, V, R>(noteKeys.tree, send, apply);

/** Where a page is: its id and section (the section's list and count change with it). */
export interface PageRef {
  id: string;
  sectionId: string;
}

export function useTreeMutations() {
  const client = useQueryClient();
  const { showError } = useToasts();
  return {
    createNotebook: useTreeCreate(
      () => notesApi.createNotebook(),
      (tree, notebook) => ops.addNotebook(tree, { ...notebook, sections: [] }),
    ),
    createSection: useTreeCreate(
      (notebookId: string) => notesApi.createSection(notebookId),
      (tree, section) => {
        // A new section has no pages: nothing to ask the server when it opens.
        client.setQueryData(noteKeys.pages(section.id), { notes: [] });
        return ops.addSection(tree, { ...section, noteCount: 0 });
      },
    ),
    createNote: useMutation({
      mutationFn: (sectionId: string) => notesApi.createNote(sectionId),
      onSuccess: (note) =>
        addPage(client, note.sectionId, {
          id: note.id,
          title: note.title,
          position: note.position,
          updatedAt: note.updatedAt,
        }),
      onError: (error) => showError(error.message),
    }),
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
    deleteNote: useSnapshotWrite<PageRef>({
      keys: (page) => [noteKeys.pages(page.sectionId), noteKeys.tree],
      send: (page) => notesApi.deleteNote(page.id),
      apply: (c, page) => removePage(c, page.sectionId, page.id),
    }),
    orderNotebooks: useTreeWrite(
      (ids: string[]) => notesApi.orderNotebooks(ids),
      (tree, ids) => ops.orderNotebooks(tree, ids),
    ),
    orderSections: useTreeWrite(
      (v: { notebookId: string; ids: string[] }) => notesApi.orderSections(v.notebookId, v.ids),
      (tree, v) => ops.orderSections(tree, v.notebookId, v.ids),
    ),
    /** `ids` becomes the section's pages in order; pages of `from` (another section) move here. */
    orderNotes: useSnapshotWrite<{ sectionId: string; ids: string[]; from?: string }>({
      keys: (v) => [noteKeys.pages(v.sectionId), ...(v.from ? [noteKeys.pages(v.from), noteKeys.tree] : [])],
      send: (v) => notesApi.orderNotes(v.sectionId, v.ids),
      apply: (c, v) => orderPages(c, v.sectionId, v.ids, v.from),
    }),
  };
}

export type TreeMutations = ReturnType<typeof useTreeMutations>;
