import { Hash } from 'lucide-react';
import type { NotesTree } from '../../../../shared/schemas/note.ts';
import { NestedTree } from '../../../components/tree/nested-tree.tsx';
import type { TreeMutations } from '../hooks/use-notes-tree.ts';
import type { Selection } from '../hooks/use-selection.ts';

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
  return (
    <NestedTree
      parents={tree.notebooks}
      childrenOf={(notebook) => notebook.sections}
      kinds={{ parent: 'notebook', child: 'section', grandchild: 'note' }}
      label="Notebooks"
      childrenLabel="Sections"
      newChildLabel="New section"
      empty={<p className="px-3 py-6 text-center text-sm text-slate-500">No notebooks yet</p>}
      selectedParentId={selection.notebookId}
      selectedChildId={selection.sectionId}
      readOnly={readOnly}
      childIcon={<Hash className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden="true" />}
      childTrailing={(section) => (
        <span className="shrink-0 text-xs tabular-nums text-slate-500 group-hover:hidden">
          {section.notes.length || ''}
        </span>
      )}
      creatingChild={mutations.createSection.isPending}
      onCreateChild={(notebookId) =>
        mutations.createSection.mutate(notebookId, {
          onSuccess: (section) => actions.onSelectSection(section.id),
        })
      }
      onSelectParent={actions.onSelectNotebook}
      onSelectChild={actions.onSelectSection}
      onRenameParent={(id, title) => mutations.renameNotebook.mutate({ id, title })}
      onRenameChild={(id, title) => mutations.renameSection.mutate({ id, title })}
      onDeleteParent={({ id, title }) => actions.onDelete({ kind: 'notebook', id, title })}
      onDeleteChild={({ id, title }) => actions.onDelete({ kind: 'section', id, title })}
    />
  );
}
