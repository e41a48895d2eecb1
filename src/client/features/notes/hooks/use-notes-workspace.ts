import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { NoteSearchHit } from '../../../../shared/schemas/search.ts';
import { firstRemaining } from '../../../components/tree/siblings.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import type { DeleteRequest } from '../components/notebook-tree.tsx';
import { SaverRegistry } from '../note-saver.ts';
import { locatePage, pagesOf, setPages } from '../notes-cache.ts';
import { findSection } from '../tree-ops.ts';
import { useNotesTree, useSectionPages, useTreeMutations } from './use-notes-tree.ts';
import { useSelection } from './use-selection.ts';

/** The notes side of the workspace: tree, selection, the open page, every page's autosave, deletes. */
export function useNotesWorkspace() {
  const client = useQueryClient();
  const treeQuery = useNotesTree();
  const tree = treeQuery.data;
  const mutations = useTreeMutations();
  const { selection, select } = useSelection(tree);
  // The open section's pages: asked for beside the tree on a reload (the selection is remembered).
  const pagesQuery = useSectionPages(selection.sectionId, tree);
  const [pendingDelete, setPendingDelete] = useState<DeleteRequest | null>(null);
  const [createdNoteId, setCreatedNoteId] = useState<string | null>(null);
  /** A notebook or section just created: its tree row opens with the name selected (issue 14.2). */
  const [namingId, setNamingId] = useState<string | null>(null);
  const { offerUndo, forgetUndo } = useToasts();
  // Read by the savers' callbacks, which are made once for the whole visit.
  const latest = useRef({ offerUndo, createdNoteId });
  latest.current = { offerUndo, createdNoteId };
  const [savers] = useState(() => {
    const registry: SaverRegistry = new SaverRegistry({
      onSaved: (meta) =>
        setPages(client, meta.sectionId, (pages) =>
          pages.map((n) => (n.id === meta.id ? { ...n, title: meta.title, updatedAt: meta.updatedAt } : n)),
        ),
      // A page title saved from the editor, with Undo like the tree's renames (issue 14.3). Naming a
      // page just created is part of creating it: nothing to undo.
      onRenamed: (noteId, from) => {
        if (noteId === latest.current.createdNoteId) return;
        latest.current.offerUndo({
          message: messages.undo.renamed('Page'),
          targets: [`note:${noteId}`],
          undo: () => registry.find(noteId)?.restoreTitle(from),
        });
      },
    });
    return registry;
  });

  // Closing the tab with text the server does not have yet asks first (the draft is kept regardless).
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!savers.anyUnsaved()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [savers]);

  /** Selecting the open notebook again keeps what is open inside it. */
  const selectNotebook = (id: string) =>
    select(selection.notebookId === id ? selection : { notebookId: id, sectionId: null, noteId: null });

  const selectSection = (id: string) =>
    select({
      notebookId: tree ? (findSection(tree, id)?.notebook.id ?? null) : null,
      sectionId: id,
      noteId: null,
    });

  /** Opens a page of a section; a page just created (`created`) opens with its title selected. */
  const openPage = (noteId: string, sectionId: string, created = false) => {
    setCreatedNoteId(created ? noteId : null);
    const notebookId = tree ? (findSection(tree, sectionId)?.notebook.id ?? null) : null;
    select({ notebookId, sectionId, noteId });
  };

  const openHit = (hit: NoteSearchHit) => {
    setCreatedNoteId(null);
    select({ notebookId: hit.notebookId, sectionId: hit.sectionId, noteId: hit.id });
  };

  /** Create and name in one go (issue 14.2): the new row opens with `New Notebook` selected for typing. */
  const createNotebook = () =>
    mutations.createNotebook.mutate(undefined, {
      onSuccess: (notebook) => {
        select({ notebookId: notebook.id, sectionId: null, noteId: null });
        setNamingId(notebook.id);
      },
    });

  const createSection = (notebookId: string) =>
    mutations.createSection.mutate(notebookId, {
      onSuccess: (section) => {
        select({ notebookId: section.notebookId, sectionId: section.id, noteId: null });
        setNamingId(section.id);
      },
    });

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

  /** Renames a notebook or section from its tree row, with Undo. */
  const renameInTree = (kind: 'notebook' | 'section', id: string, title: string) => {
    const old =
      kind === 'notebook'
        ? tree?.notebooks.find((n) => n.id === id)?.title
        : tree
          ? findSection(tree, id)?.section.title
          : undefined;
    const rename = kind === 'notebook' ? mutations.renameNotebook : mutations.renameSection;
    const naming = id === namingId;
    rename.mutate(
      { id, title },
      {
        onSuccess: () => {
          // Naming a row just created is part of creating it: nothing to undo.
          if (old === undefined || old === title || naming) return;
          offerUndo({
            message: messages.undo.renamed(kind === 'notebook' ? 'Notebook' : 'Section'),
            targets: [`${kind}:${id}`],
            undo: () => rename.mutate({ id, title: old }),
          });
        },
      },
    );
  };

  /** Deletes what `pendingDelete` names; a deleted selection falls to its first remaining sibling. */
  const confirmDelete = () => {
    const request = pendingDelete;
    if (!request || !tree) return;
    forgetUndo(`${request.kind}:${request.id}`);
    if (request.kind === 'notebook') {
      const notebook = tree.notebooks.find((n) => n.id === request.id);
      const noteIds = notebook?.sections.flatMap((s) => (pagesOf(client, s.id) ?? []).map((n) => n.id)) ?? [];
      if (selection.notebookId === request.id) {
        select({ notebookId: firstRemaining(tree.notebooks, request.id), sectionId: null, noteId: null });
      }
      mutations.deleteNotebook.mutate(request.id, { onSuccess: () => savers.removeAll(noteIds) });
    } else if (request.kind === 'section') {
      const found = findSection(tree, request.id);
      const noteIds = (pagesOf(client, request.id) ?? []).map((n) => n.id);
      if (found && selection.sectionId === request.id) {
        const next = firstRemaining(found.notebook.sections, request.id);
        select({ notebookId: found.notebook.id, sectionId: next, noteId: null });
      }
      mutations.deleteSection.mutate(request.id, { onSuccess: () => savers.removeAll(noteIds) });
    } else {
      const sectionId = locatePage(client, request.id)?.sectionId;
      if (!sectionId) return;
      if (selection.noteId === request.id) {
        const next = firstRemaining(pagesOf(client, sectionId) ?? [], request.id);
        select({ notebookId: selection.notebookId, sectionId, noteId: next });
      }
      mutations.deleteNote.mutate(
        { id: request.id, sectionId },
        { onSuccess: () => savers.remove(request.id) },
      );
    }
  };

  const openSection = tree && selection.sectionId ? findSection(tree, selection.sectionId) : null;
  /** The open page and where it is (its title comes with its content, in the editor). */
  const open = openSection && selection.noteId ? { noteId: selection.noteId, ...openSection } : null;

  return {
    treeQuery,
    tree,
    /** The selected section's pages (no data while they load). */
    pagesQuery,
    mutations,
    selection,
    selectNotebook,
    selectSection,
    openPage,
    openHit,
    open,
    createdNoteId,
    savers,
    pendingDelete,
    setPendingDelete,
    confirmDelete,
    createNotebook,
    createSection,
    createPage,
    renameInTree,
    namingId,
    doneNaming: () => setNamingId(null),
  };
}

export type NotesWorkspace = ReturnType<typeof useNotesWorkspace>;
