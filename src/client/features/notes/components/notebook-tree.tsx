import { Hash } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import type { NotesOutline } from '../../../../shared/schemas/note.ts';
import { NestedTree } from '../../../components/tree/nested-tree.tsx';
import { EmptyPane } from '../../../components/tree/pane-parts.tsx';
import type { TreeMutations } from '../hooks/use-notes-tree.ts';
import type { Selection } from '../hooks/use-selection.ts';

export type DeleteRequest = { kind: 'notebook' | 'section' | 'note'; id: string; title: string };

interface NotebookTreeProps {
  tree: NotesOutline;
  selection: Selection;
  readOnly: boolean;
  mutations: TreeMutations;
  onSelectNotebook(id: string): void;
  onSelectSection(id: string): void;
  onDelete(request: DeleteRequest): void;
  /** Create and name in one go, and rename with Undo (the notes workspace's). */
  onCreateNotebook(): void;
  onCreateSection(notebookId: string): void;
  onRename(kind: 'notebook' | 'section', id: string, title: string): void;
  /** The row just created, open for naming. */
  namingId: string | null;
  onNamingDone(): void;
  /** The selected notebook the person closed (kept by the pane, see NestedTree). */
  collapsed: { id: string | null; set(id: string | null): void };
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
      noChildrenText={messages.firstRun.noSectionsYet}
      empty={
        <EmptyPane
          text={messages.firstRun.noNotebooksYet}
          action={{
            label: messages.firstRun.createNotebook,
            disabled: readOnly,
            onClick: () => actions.onCreateNotebook(),
          }}
        />
      }
      selectedParentId={selection.notebookId}
      selectedChildId={selection.sectionId}
      readOnly={readOnly}
      childIcon={<Hash className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden="true" />}
      childTrailing={(section) => (
        <span className="shrink-0 text-xs tabular-nums text-slate-500 group-hover:hidden">
          {section.noteCount || ''}
        </span>
      )}
      onCreateChild={actions.onCreateSection}
      collapsed={actions.collapsed}
      namingId={actions.namingId}
      onNamingDone={actions.onNamingDone}
      onSelectParent={actions.onSelectNotebook}
      onSelectChild={actions.onSelectSection}
      onRenameParent={(id, title) => actions.onRename('notebook', id, title)}
      onRenameChild={(id, title) => actions.onRename('section', id, title)}
      onDeleteParent={({ id, title }) => actions.onDelete({ kind: 'notebook', id, title })}
      onDeleteChild={({ id, title }) => actions.onDelete({ kind: 'section', id, title })}
    />
  );
}
