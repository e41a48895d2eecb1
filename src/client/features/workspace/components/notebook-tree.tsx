import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { ChevronRight, Hash, Plus } from 'lucide-react';
import { useState } from 'react';
import type { NotesTree } from '../../../../shared/schemas/note.ts';
import type { TreeMutations } from '../hooks/use-notes-tree.ts';
import type { Selection } from '../hooks/use-selection.ts';
import { TreeRow } from './tree-row.tsx';

export type DeleteRequest = { kind: 'notebook' | 'section' | 'note'; id: string; title: string };

interface NotebookTreeProps {
  tree: NotesTree;
  selection: Selection;
  readOnly: boolean;
  mutations: TreeMutations;
  onSelectNotebook(id: string): void;
  onSelectSection(id: string): void;
  onDelete(request: DeleteRequest): void;
}

/** The upper pane: notebooks, the selected one open on its sections (selecting one closes the others). */
export function NotebookTree({ tree, selection, readOnly, mutations, ...actions }: NotebookTreeProps) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [closed, setClosed] = useState(false);

  if (tree.notebooks.length === 0) {
    return <p className="px-3 py-6 text-center text-sm text-slate-500">No notebooks yet</p>;
  }

  return (
    <SortableContext
      items={tree.notebooks.map((n) => `notebook:${n.id}`)}
      strategy={verticalListSortingStrategy}
    >
      <ul className="space-y-0.5" aria-label="Notebooks">
        {tree.notebooks.map((notebook) => {
          const selected = selection.notebookId === notebook.id;
          const open = selected && !closed;
          return (
            <TreeRow
              key={notebook.id}
              kind="notebook"
              id={notebook.id}
              parentId={null}
              title={notebook.title}
              noun="notebook"
              selected={selected && selection.sectionId === null}
              readOnly={readOnly}
              renaming={renaming === notebook.id}
              acceptsFrom="section"
              icon={
                <>
                  <ChevronRight
                    className={`h-3.5 w-3.5 shrink-0 text-slate-400 transition-transform ${open ? 'rotate-90' : ''}`}
                    aria-hidden="true"
                  />
                  <span
                    className="h-2.5 w-2.5 shrink-0 rounded-full ring-2 ring-white"
                    style={{ backgroundColor: notebook.color }}
                    aria-hidden="true"
                  />
                </>
              }
              onSelect={() => {
                if (selected) setClosed(open);
                else setClosed(false);
                actions.onSelectNotebook(notebook.id);
              }}
              onStartRename={() => setRenaming(notebook.id)}
              onCancelRename={() => setRenaming(null)}
              onRename={(title) => {
                setRenaming(null);
                mutations.renameNotebook.mutate({ id: notebook.id, title });
              }}
              onDelete={() => actions.onDelete({ kind: 'notebook', id: notebook.id, title: notebook.title })}
            >
              {open && (
                <SortableContext
                  items={notebook.sections.map((s) => `section:${s.id}`)}
                  strategy={verticalListSortingStrategy}
                >
                  <ul className="mt-0.5 space-y-0.5" aria-label={`Sections of ${notebook.title}`}>
                    {notebook.sections.map((section) => (
                      <TreeRow
                        key={section.id}
                        kind="section"
                        id={section.id}
                        parentId={notebook.id}
                        title={section.title}
                        noun="section"
                        indent
                        selected={selection.sectionId === section.id}
                        readOnly={readOnly}
                        renaming={renaming === section.id}
                        acceptsFrom="note"
                        icon={<Hash className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden="true" />}
                        trailing={
                          <span className="shrink-0 text-xs tabular-nums text-slate-500 group-hover:hidden">
                            {section.notes.length || ''}
                          </span>
                        }
                        onSelect={() => actions.onSelectSection(section.id)}
                        onStartRename={() => setRenaming(section.id)}
                        onCancelRename={() => setRenaming(null)}
                        onRename={(title) => {
                          setRenaming(null);
                          mutations.renameSection.mutate({ id: section.id, title });
                        }}
                        onDelete={() =>
                          actions.onDelete({ kind: 'section', id: section.id, title: section.title })
                        }
                      />
                    ))}
                    <li>
                      <button
                        type="button"
                        disabled={readOnly || mutations.createSection.isPending}
                        onClick={() =>
                          mutations.createSection.mutate(notebook.id, {
                            onSuccess: (section) => actions.onSelectSection(section.id),
                          })
                        }
                        className="flex w-full items-center gap-2 rounded-md py-1.5 pr-2 pl-10 text-left text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50"
                      >
                        <Plus className="h-3.5 w-3.5" aria-hidden="true" />
                        New section
                      </button>
                    </li>
                  </ul>
                </SortableContext>
              )}
            </TreeRow>
          );
        })}
      </ul>
    </SortableContext>
  );
}
