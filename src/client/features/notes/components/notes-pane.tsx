import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { onDemand, TreeDndRoot } from '../../../components/tree/lazy-dnd.tsx';
import { MoveTo } from '../../../components/tree/move-to.tsx';
import { PaneHeader, paneHeaderButton, TreeSkeleton } from '../../../components/tree/pane-parts.tsx';
import { SplitHandle } from '../../../components/tree/split-handle.tsx';
import { dragInstructions } from '../../../components/tree/tree-dnd.ts';
import { useSidebarSplit } from '../../../components/tree/use-sidebar-split.ts';
import type { NotesWorkspace } from '../hooks/use-notes-workspace.ts';
import { useNotesMovePorts } from '../notes-move.ts';
import { findSection } from '../tree-ops.ts';
import { NotebookTree } from './notebook-tree.tsx';
import { PageList } from './page-list.tsx';

// The drop logic and announcements come with dnd-kit, on the first drag (components/tree/lazy-dnd.tsx).
const notesDrag = onDemand(async () => (await import('../notes-drag.ts')).useNotesDrag);

interface NotesPaneProps {
  notes: NotesWorkspace;
  readOnly: boolean;
  /** A page was opened from the list (a narrow screen then closes the sidebar). */
  onOpenedPage(): void;
}

/** The sidebar in notes mode: notebooks with their sections above, the section's pages below. */
export function NotesPane({ notes, readOnly, onOpenedPage }: NotesPaneProps) {
  const { tree, selection, mutations } = notes;
  const { split, setSplit } = useSidebarSplit();
  const panes = useRef<HTMLDivElement>(null);
  // Above TreeDndRoot, which mounts the tree again when dnd-kit arrives: a closed notebook stays closed.
  const [collapsedId, setCollapsedId] = useState<string | null>(null);
  const section =
    tree && selection.sectionId ? (findSection(tree, selection.sectionId)?.section ?? null) : null;

  // The page whose Move to… is open (kept after closing, so the dialog can close with its content).
  const [moving, setMoving] = useState<{ id: string; title: string; sectionId: string } | null>(null);
  const [moveOpen, setMoveOpen] = useState(false);
  const movePorts = useNotesMovePorts(mutations);

  const openPage = (id: string, sectionId: string) => {
    notes.openPage(id, sectionId);
    onOpenedPage();
  };

  return (
    <TreeDndRoot
      logic={notesDrag}
      input={{ tree, mutations, openSectionId: selection.sectionId, pages: notes.pagesQuery.data?.notes }}
      instructions={dragInstructions.draggable}
    >
      <div ref={panes} className="flex min-h-0 flex-1 flex-col">
        <section aria-label="Notebooks" className="flex min-h-0 flex-col" style={{ flexBasis: `${split}%` }}>
          <PaneHeader title="Notebooks">
            <button
              type="button"
              aria-label="New notebook"
              title="New notebook"
              disabled={readOnly}
              onClick={notes.createNotebook}
              className={paneHeaderButton}
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
            </button>
          </PaneHeader>
          <div data-tree-scroll="notebooks" className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
            {tree ? (
              <NotebookTree
                tree={tree}
                selection={selection}
                readOnly={readOnly}
                mutations={mutations}
                onSelectNotebook={notes.selectNotebook}
                onSelectSection={notes.selectSection}
                onDelete={notes.setPendingDelete}
                onCreateNotebook={notes.createNotebook}
                onCreateSection={notes.createSection}
                onRename={notes.renameInTree}
                namingId={notes.namingId}
                onNamingDone={notes.doneNaming}
                collapsed={{ id: collapsedId, set: setCollapsedId }}
              />
            ) : (
              <TreeSkeleton error={notes.treeQuery.isError ? notes.treeQuery.error.message : null} />
            )}
          </div>
        </section>
        <SplitHandle value={split} onChange={setSplit} container={panes} />
        <section aria-label="Pages" className="flex min-h-0 flex-1 flex-col">
          <PaneHeader title={section ? section.title : 'Pages'}>
            <button
              type="button"
              aria-label="New page"
              title="New page"
              disabled={readOnly || !section}
              onClick={() => notes.createPage(onOpenedPage)}
              className={paneHeaderButton}
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
            </button>
          </PaneHeader>
          <div data-tree-scroll="pages" className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
            {tree && (
              <PageList
                section={section}
                pages={notes.pagesQuery.data?.notes}
                error={notes.pagesQuery.isError ? notes.pagesQuery.error.message : null}
                selection={selection}
                readOnly={readOnly}
                onOpen={(id) => section && openPage(id, section.id)}
                onDelete={notes.setPendingDelete}
                onMoveTo={(note) => {
                  if (!section) return;
                  setMoving({ id: note.id, title: note.title, sectionId: section.id });
                  setMoveOpen(true);
                }}
                onCreate={() => notes.createPage(onOpenedPage)}
              />
            )}
          </div>
        </section>
      </div>
      {moving && tree && (
        <MoveTo
          open={moveOpen}
          onOpenChange={setMoveOpen}
          noun="page"
          name={moving.title || 'page'}
          row={{ kind: 'note', id: moving.id, parentId: moving.sectionId }}
          parentKind="section"
          groups={tree.notebooks
            .filter((notebook) => notebook.sections.length > 0)
            .map((notebook) => ({ id: notebook.id, title: notebook.title, children: notebook.sections }))}
          ports={movePorts}
        />
      )}
    </TreeDndRoot>
  );
}
