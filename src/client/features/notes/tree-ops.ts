import type { NoteSummary, NotesTree, TreeNotebook, TreeSection } from '../../../shared/schemas/note.ts';

/**
 * Pure edits of the cached workspace tree, the same ones the server makes: the optimistic half of every
 * mutation. Positions are rewritten as the array index (spec §4).
 */

const reindex = <T extends { position: number }>(items: T[]): T[] =>
  items.map((item, position) => (item.position === position ? item : { ...item, position }));

export function findSection(tree: NotesTree, sectionId: string) {
  for (const notebook of tree.notebooks) {
    const section = notebook.sections.find((s) => s.id === sectionId);
    if (section) return { notebook, section };
  }
  return null;
}

export function findNote(tree: NotesTree, noteId: string) {
  for (const notebook of tree.notebooks) {
    for (const section of notebook.sections) {
      const note = section.notes.find((n) => n.id === noteId);
      if (note) return { notebook, section, note };
    }
  }
  return null;
}

const mapNotebooks = (tree: NotesTree, fn: (notebook: TreeNotebook) => TreeNotebook): NotesTree => ({
  notebooks: tree.notebooks.map(fn),
});

const mapSections = (tree: NotesTree, fn: (section: TreeSection) => TreeSection): NotesTree =>
  mapNotebooks(tree, (notebook) => ({ ...notebook, sections: notebook.sections.map(fn) }));

export const addNotebook = (tree: NotesTree, notebook: TreeNotebook): NotesTree => ({
  notebooks: [...tree.notebooks, notebook],
});

export const addSection = (tree: NotesTree, section: TreeSection): NotesTree =>
  mapNotebooks(tree, (notebook) =>
    notebook.id === section.notebookId
      ? { ...notebook, sections: [...notebook.sections, section] }
      : notebook,
  );

export const addNote = (tree: NotesTree, sectionId: string, note: NoteSummary): NotesTree =>
  mapSections(tree, (section) =>
    section.id === sectionId ? { ...section, notes: [...section.notes, note] } : section,
  );

export const renameNotebook = (tree: NotesTree, id: string, title: string): NotesTree =>
  mapNotebooks(tree, (notebook) => (notebook.id === id ? { ...notebook, title } : notebook));

export const renameSection = (tree: NotesTree, id: string, title: string): NotesTree =>
  mapSections(tree, (section) => (section.id === id ? { ...section, title } : section));

export const updateNoteSummary = (tree: NotesTree, id: string, patch: Partial<NoteSummary>): NotesTree =>
  mapSections(tree, (section) =>
    section.notes.some((n) => n.id === id)
      ? { ...section, notes: section.notes.map((n) => (n.id === id ? { ...n, ...patch } : n)) }
      : section,
  );

export const removeNotebook = (tree: NotesTree, id: string): NotesTree => ({
  notebooks: reindex(tree.notebooks.filter((n) => n.id !== id)),
});

export const removeSection = (tree: NotesTree, id: string): NotesTree =>
  mapNotebooks(tree, (notebook) =>
    notebook.sections.some((s) => s.id === id)
      ? { ...notebook, sections: reindex(notebook.sections.filter((s) => s.id !== id)) }
      : notebook,
  );

export const removeNote = (tree: NotesTree, id: string): NotesTree =>
  mapSections(tree, (section) =>
    section.notes.some((n) => n.id === id)
      ? { ...section, notes: reindex(section.notes.filter((n) => n.id !== id)) }
      : section,
  );

export function orderNotebooks(tree: NotesTree, ids: string[]): NotesTree {
  const byId = new Map(tree.notebooks.map((n) => [n.id, n]));
  return { notebooks: reindex(ids.flatMap((id) => byId.get(id) ?? [])) };
}

/** `ids` becomes the notebook's sections in order; a listed section of another notebook moves here. */
export function orderSections(tree: NotesTree, notebookId: string, ids: string[]): NotesTree {
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

/** `ids` becomes the section's pages in order; a listed page of another section moves here. */
export function orderNotes(tree: NotesTree, sectionId: string, ids: string[]): NotesTree {
  const moving = new Set(ids);
  const byId = new Map(
    tree.notebooks.flatMap((n) => n.sections.flatMap((s) => s.notes.map((note) => [note.id, note] as const))),
  );
  return mapSections(tree, (section) => {
    if (section.id === sectionId)
      return { ...section, notes: reindex(ids.flatMap((id) => byId.get(id) ?? [])) };
    if (!section.notes.some((n) => moving.has(n.id))) return section;
    return { ...section, notes: reindex(section.notes.filter((n) => !moving.has(n.id))) };
  });
}
