import type { NotesOutline, OutlineNotebook, OutlineSection } from '../../../shared/schemas/note.ts';

/**
 * Pure edits of the cached workspace tree (notebooks, sections and page counts), the same ones the server
 * makes: the optimistic half of every mutation. Positions are rewritten as the array index (docs/PRODUCT.md §4.4).
 * A section's pages live in their own cache (page-lists.ts).
 */

export const reindex = <T extends { position: number }>(items: T[]): T[] =>
  items.map((item, position) => (item.position === position ? item : { ...item, position }));

export function findSection(tree: NotesOutline, sectionId: string) {
  for (const notebook of tree.notebooks) {
    const section = notebook.sections.find((s) => s.id === sectionId);
    if (section) return { notebook, section };
  }
  return null;
}

const mapNotebooks = (
  tree: NotesOutline,
  fn: (notebook: OutlineNotebook) => OutlineNotebook,
): NotesOutline => ({
  notebooks: tree.notebooks.map(fn),
});

const mapSections = (tree: NotesOutline, fn: (section: OutlineSection) => OutlineSection): NotesOutline =>
  mapNotebooks(tree, (notebook) => ({ ...notebook, sections: notebook.sections.map(fn) }));

export const addNotebook = (tree: NotesOutline, notebook: OutlineNotebook): NotesOutline => ({
  notebooks: [...tree.notebooks, notebook],
});

export const addSection = (tree: NotesOutline, section: OutlineSection): NotesOutline =>
  mapNotebooks(tree, (notebook) =>
    notebook.id === section.notebookId
      ? { ...notebook, sections: [...notebook.sections, section] }
      : notebook,
  );

/** A section's page count changes by `delta` (a page created, deleted or moved). */
export const adjustNoteCount = (tree: NotesOutline, sectionId: string, delta: number): NotesOutline =>
  delta === 0
    ? tree
    : mapSections(tree, (section) =>
        section.id === sectionId
          ? { ...section, noteCount: Math.max(0, section.noteCount + delta) }
          : section,
      );

/** A section's page count as its loaded list says (unchanged tree when it already agrees). */
export function setNoteCount(tree: NotesOutline, sectionId: string, count: number): NotesOutline {
  const found = findSection(tree, sectionId);
  return found && found.section.noteCount !== count
    ? adjustNoteCount(tree, sectionId, count - found.section.noteCount)
    : tree;
}

export const renameNotebook = (tree: NotesOutline, id: string, title: string): NotesOutline =>
  mapNotebooks(tree, (notebook) => (notebook.id === id ? { ...notebook, title } : notebook));

export const renameSection = (tree: NotesOutline, id: string, title: string): NotesOutline =>
  mapSections(tree, (section) => (section.id === id ? { ...section, title } : section));

export const removeNotebook = (tree: NotesOutline, id: string): NotesOutline => ({
  notebooks: reindex(tree.notebooks.filter((n) => n.id !== id)),
});

export const removeSection = (tree: NotesOutline, id: string): NotesOutline =>
  mapNotebooks(tree, (notebook) =>
    notebook.sections.some((s) => s.id === id)
      ? { ...notebook, sections: reindex(notebook.sections.filter((s) => s.id !== id)) }
      : notebook,
  );

export function orderNotebooks(tree: NotesOutline, ids: string[]): NotesOutline {
  const byId = new Map(tree.notebooks.map((n) => [n.id, n]));
  return { notebooks: reindex(ids.flatMap((id) => byId.get(id) ?? [])) };
}

/** `ids` becomes the notebook's sections in order; a listed section of another notebook moves here. */
export function orderSections(tree: NotesOutline, notebookId: string, ids: string[]): NotesOutline {
  const moving = new Set(ids);
  const byId = new Map(tree.notebooks.flatMap((n) => n.sections.map((s) => [s.id, s] as const)));
  return mapNotebooks(tree, (notebook) => {
    if (notebook.id === notebookId) {
      const sections = ids.flatMap((id) => {
        const section = byId.get(id);
        return section ? [{ ...section, notebookId }] : [];
      });
      return { ...notebook, sections: reindex(sections) };
    }
    if (!notebook.sections.some((s) => moving.has(s.id))) return notebook;
    return { ...notebook, sections: reindex(notebook.sections.filter((s) => !moving.has(s.id))) };
  });
}
