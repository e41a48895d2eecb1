import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { Note, NoteSummary, NotesOutline, SectionNotesResponse } from '../../../shared/schemas/note.ts';
import { noteKeys, notesApi } from './api.ts';
import { adjustNoteCount, reindex, setNoteCount } from './tree-ops.ts';

/**
 * The notes caches: the tree (notebooks, sections, page counts) under noteKeys.tree, and each opened
 * section's pages under noteKeys.pages(id), loaded when the section is selected (docs/performance.md: 100,000 page
 * titles are megabytes; the sections alone open at once).
 */

export const setTree = (client: QueryClient, change: (tree: NotesOutline) => NotesOutline) =>
  client.setQueryData<NotesOutline>(noteKeys.tree, (tree) => (tree ? change(tree) : tree));

/** A section's pages in order; undefined while they are not loaded. */
export const pagesOf = (client: QueryClient, sectionId: string): NoteSummary[] | undefined =>
  client.getQueryData<SectionNotesResponse>(noteKeys.pages(sectionId))?.notes;

/** Changes a loaded section's pages (a section not loaded stays so: it will load what the server has). */
export const setPages = (
  client: QueryClient,
  sectionId: string,
  change: (pages: NoteSummary[]) => NoteSummary[],
) =>
  client.setQueryData<SectionNotesResponse>(noteKeys.pages(sectionId), (data) =>
    data ? { notes: change(data.notes) } : data,
  );

/** Where a page is now among the loaded sections (it may have moved since it was chosen). */
export function locatePage(
  client: QueryClient,
  noteId: string,
): { sectionId: string; note: NoteSummary } | null {
  for (const [key, data] of client.getQueriesData<SectionNotesResponse>({ queryKey: noteKeys.allPages })) {
    const note = data?.notes.find((n) => n.id === noteId);
    if (note && typeof key[2] === 'string') return { sectionId: key[2], note };
  }
  return null;
}

/** A section's pages from the server; the tree's count for it follows what they say (when it is here). */
export const sectionPagesQuery = (client: QueryClient, sectionId: string) =>
  queryOptions({
    queryKey: noteKeys.pages(sectionId),
    queryFn: async ({ signal }) => {
      const data = await notesApi.sectionNotes(sectionId, signal);
      setTree(client, (tree) => setNoteCount(tree, sectionId, data.notes.length));
      return data;
    },
  });

/**
 * Pages made here whose create the server has not answered yet (offline: for as long as it is offline):
 * the editor holds what the create made and does not ask the server for a page it may not have yet.
 */
const pagesBeingCreated = new Set<string>();
export const isPageBeingCreated = (id: string) => pagesBeingCreated.has(id);

/** A new page: listed at the end of its section (if loaded), counted, and its content ready to open. */
export function addNewPage(client: QueryClient, note: Note) {
  pagesBeingCreated.add(note.id);
  const { id, title, position, updatedAt } = note;
  addPage(client, note.sectionId, { id, title, position, updatedAt });
  client.setQueryData(noteKeys.note(id), note);
}

/** The server answered the page's create (either way): the editor may ask for it again. */
export const pageCreateAnswered = (id: string) => pagesBeingCreated.delete(id);

/** A page created at the end of its section: listed there if the list is loaded, counted either way. */
export function addPage(client: QueryClient, sectionId: string, note: NoteSummary) {
  setPages(client, sectionId, (pages) => [...pages, note]);
  setTree(client, (tree) => adjustNoteCount(tree, sectionId, 1));
}

export function removePage(client: QueryClient, sectionId: string, noteId: string) {
  setPages(client, sectionId, (pages) => reindex(pages.filter((n) => n.id !== noteId)));
  setTree(client, (tree) => adjustNoteCount(tree, sectionId, -1));
}

/**
 * `ids` becomes the section's pages in order (what PUT /api/sections/:id/notes/order does); listed pages
 * of `from` leave it, and both sections' counts follow.
 */
export function orderPages(client: QueryClient, sectionId: string, ids: string[], from?: string) {
  const known = new Map<string, NoteSummary>();
  for (const id of from ? [sectionId, from] : [sectionId]) {
    for (const page of pagesOf(client, id) ?? []) known.set(page.id, page);
  }
  setPages(client, sectionId, () => reindex(ids.flatMap((id) => known.get(id) ?? [])));
  if (!from || from === sectionId) return;
  const moving = new Set(ids);
  const leaving = (pagesOf(client, from) ?? []).filter((n) => moving.has(n.id)).length;
  setPages(client, from, (pages) => reindex(pages.filter((n) => !moving.has(n.id))));
  setTree(client, (tree) => adjustNoteCount(adjustNoteCount(tree, from, -leaving), sectionId, leaving));
}
