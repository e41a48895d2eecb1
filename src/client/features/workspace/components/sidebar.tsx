import { DndContext } from '@dnd-kit/core';
import { Plus, Search, X } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import type { NotesTree } from '../../../../shared/schemas/note.ts';
import type { NoteSearchHit, TaskSearchHit } from '../../../../shared/schemas/search.ts';
import type { TreeMutations } from '../hooks/use-notes-tree.ts';
import { useSearch } from '../hooks/use-search.ts';
import type { Selection } from '../hooks/use-selection.ts';
import { useSidebarSplit } from '../hooks/use-sidebar-split.ts';
import { treeCollision, useTreeDrop, useTreeSensors } from '../hooks/use-tree-dnd.ts';
import { findSection } from '../tree-ops.ts';
import { type DeleteRequest, NotebookTree } from './notebook-tree.tsx';
import { PageList } from './page-list.tsx';
import { paneHeaderButton as headerButton, PaneHeader, TreeSkeleton } from './pane-parts.tsx';
import { SearchResults } from './search-results.tsx';
import { SplitHandle } from './split-handle.tsx';

export type WorkspaceView = 'notes' | 'todos';

interface SidebarProps {
  tree: NotesTree | undefined;
  treeError: string | null;
  selection: Selection;
  readOnly: boolean;
  mutations: TreeMutations;
  view: WorkspaceView;
  onViewChange(view: WorkspaceView): void;
  onSelectNotebook(id: string): void;
  onSelectSection(id: string): void;
  onOpenPage(id: string): void;
  onCreatedPage(id: string): void;
  onPickResult(hit: NoteSearchHit): void;
  onPickTask(hit: TaskSearchHit): void;
  onDelete(request: DeleteRequest): void;
  /** The panes of the todos view (features/todos), shown in place of the notes panes. */
  todosPane: ReactNode;
}

/** The sidebar: Notes/Todos toggle, search, and the notebooks and pages panes with a resizable split. */
export function Sidebar(props: SidebarProps) {
  const { tree, selection, readOnly, mutations } = props;
  const [query, setQuery] = useState('');
  const search = useSearch(query);
  const { split, setSplit } = useSidebarSplit();
  const panes = useRef<HTMLDivElement>(null);
  const sensors = useTreeSensors();
  const onDragEnd = useTreeDrop(tree, mutations);
  const section =
    tree && selection.sectionId ? (findSection(tree, selection.sectionId)?.section ?? null) : null;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="space-y-2 px-3 pt-3 pb-2">
        <div
          role="tablist"
          aria-label="View"
          className="grid grid-cols-2 rounded-lg bg-slate-200/60 p-0.5 text-sm"
        >
          {(['notes', 'todos'] as const).map((view) => (
            <button
              key={view}
              type="button"
              role="tab"
              aria-selected={props.view === view}
              onClick={() => props.onViewChange(view)}
              className={`rounded-md py-1 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-blue-600 ${
                props.view === view
                  ? 'bg-white text-slate-900 shadow-sm'
                  : 'text-slate-600 hover:text-slate-900'
              }`}
            >
              {view === 'notes' ? 'Notes' : 'Todos'}
            </button>
          ))}
        </div>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 h-3.5 w-3.5 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setQuery('');
            }}
            aria-label="Search notes"
            placeholder="Search"
            className="w-full rounded-lg border border-slate-200 bg-white py-1.5 pr-8 pl-8 text-sm text-slate-900 placeholder:text-slate-400 focus:border-blue-400 focus:ring-2 focus:ring-blue-100 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
          />
          {query && (
            <button
              type="button"
              onClick={() => setQuery('')}
              aria-label="Clear search"
              className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <X className="h-3.5 w-3.5" aria-hidden="true" />
            </button>
          )}
        </div>
      </div>

      {search.active ? (
        <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
          <SearchResults
            search={search}
            onPick={(hit) => {
              setQuery('');
              props.onPickResult(hit);
            }}
            onPickTask={(hit) => {
              setQuery('');
              props.onPickTask(hit);
            }}
          />
        </div>
      ) : props.view === 'todos' ? (
        props.todosPane
      ) : (
        <DndContext sensors={sensors} collisionDetection={treeCollision} onDragEnd={onDragEnd}>
          <div ref={panes} className="flex min-h-0 flex-1 flex-col">
            <section
              aria-label="Notebooks"
              className="flex min-h-0 flex-col"
              style={{ flexBasis: `${split}%` }}
            >
              <PaneHeader title="Notebooks">
                <button
                  type="button"
                  aria-label="New notebook"
                  title="New notebook"
                  disabled={readOnly || mutations.createNotebook.isPending}
                  onClick={() =>
                    mutations.createNotebook.mutate(undefined, {
                      onSuccess: (notebook) => props.onSelectNotebook(notebook.id),
                    })
                  }
                  className={headerButton}
                >
                  <Plus className="h-4 w-4" aria-hidden="true" />
                </button>
              </PaneHeader>
              <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
                {tree ? (
                  <NotebookTree
                    tree={tree}
                    selection={selection}
                    readOnly={readOnly}
                    mutations={mutations}
                    onSelectNotebook={props.onSelectNotebook}
                    onSelectSection={props.onSelectSection}
                    onDelete={props.onDelete}
                  />
                ) : (
                  <TreeSkeleton error={props.treeError} />
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
                  disabled={readOnly || !section || mutations.createNote.isPending}
                  onClick={() =>
                    section &&
                    mutations.createNote.mutate(section.id, {
                      onSuccess: (note) => props.onCreatedPage(note.id),
                    })
                  }
                  className={headerButton}
                >
                  <Plus className="h-4 w-4" aria-hidden="true" />
                </button>
              </PaneHeader>
              <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
                {tree && (
                  <PageList
                    section={section}
                    selection={selection}
                    readOnly={readOnly}
                    onOpen={props.onOpenPage}
                    onDelete={props.onDelete}
                  />
                )}
              </div>
            </section>
          </div>
        </DndContext>
      )}
    </div>
  );
}
