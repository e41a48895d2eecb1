import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Note, NotesOutline, SectionNotesResponse } from '../../../../shared/schemas/note.ts';
import type { Notebook, Section } from '../../../../shared/schemas/notebook.ts';
import { useCachedWrite } from '../../../lib/use-cached-write.ts';
import { refetchIfLost, useSnapshotWrite } from '../../../lib/use-snapshot-write.ts';
import { noteKeys, notesApi } from '../api.ts';
import { type EarlyTree, takeArrivedTree, takeTree } from '../early-tree.ts';
import {
  addNewPage,
  orderPages,
  pageCreateAnswered,
  removePage,
  sectionPagesQuery,
  setTree,
} from '../notes-cache.ts';
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

/** The tree lost a row made here (see refetchIfLost): asked again. */
const refetchTreeIfLost = (client: QueryClient, has: (tree: NotesOutline) => boolean) =>
  refetchIfLost<NotesOutline>(client, noteKeys.tree, has);

/** Where a page is: its id and section (the section's list and count change with it). */
export interface PageRef {
  id: string;
  sectionId: string;
}

/**
 * Creates are optimistic like every other write: the row is made here (new-rows.ts, with its id) and
 * shows at once; a refusal takes it away again with the server's words in a toast.
 */
export function useTreeMutations() {
  return {
    createNotebook: useSnapshotWrite<Notebook, Notebook>({
      keys: () => [noteKeys.tree],
      send: ({ id, color }) => notesApi.createNotebook({ id, color }),
      apply: (c, notebook) => setTree(c, (tree) => ops.addNotebook(tree, { ...notebook, sections: [] })),
      settle: (c, _saved, { id }) => refetchTreeIfLost(c, (tree) => tree.notebooks.some((n) => n.id === id)),
    }),
    createSection: useSnapshotWrite<Section, Section>({
      keys: () => [noteKeys.tree],
      send: ({ id, notebookId }) => notesApi.createSection({ id, notebookId }),
      apply: (c, section) => {
        // A new section has no pages: nothing to ask the server when it opens.
        c.setQueryData(noteKeys.pages(section.id), { notes: [] });
        setTree(c, (tree) => ops.addSection(tree, { ...section, noteCount: 0 }));
      },
      settle: (c, _saved, { id }) => refetchTreeIfLost(c, (tree) => ops.findSection(tree, id) !== null),
    }),
    createNote: useSnapshotWrite<Note, Note>({
      keys: (note) => [noteKeys.pages(note.sectionId), noteKeys.tree],
      send: ({ id, sectionId }) =>
        notesApi.createNote({ id, sectionId }).finally(() => pageCreateAnswered(id)),
      apply: addNewPage,
      settle: (c, _saved, { id, sectionId }) =>
        refetchIfLost<SectionNotesResponse>(c, noteKeys.pages(sectionId), (data) =>
          data.notes.some((n) => n.id === id),
        ),
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
