import { Folder } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import type { TodosTree } from '../../../../shared/schemas/todo.ts';
import { NestedTree } from '../../../components/tree/nested-tree.tsx';
import { EmptyPane } from '../../../components/tree/pane-parts.tsx';
import type { TodoSelection } from '../hooks/use-todo-selection.ts';
import type { TodoDeleteRequest } from '../hooks/use-todos-delete.ts';
import type { TodosTreeMutations } from '../hooks/use-todos-tree.ts';

interface TodoTreeProps {
  tree: TodosTree;
  selection: TodoSelection;
  readOnly: boolean;
  mutations: TodosTreeMutations;
  onSelectTodo(id: string): void;
  onSelectCategory(id: string): void;
  onDelete(request: TodoDeleteRequest): void;
  /** Create and name in one go, and rename with Undo (the todos workspace's). */
  onCreateTodo(): void;
  onCreateCategory(todoId: string): void;
  onRename(kind: 'todo' | 'category', id: string, title: string): void;
  /** The row just created, open for naming. */
  namingId: string | null;
  onNamingDone(): void;
}

/** The upper pane: todos, the selected one open on its categories (selecting one closes the others). */
export function TodoTree({ tree, selection, readOnly, mutations, ...actions }: TodoTreeProps) {
  return (
    <NestedTree
      parents={tree.todos}
      childrenOf={(todo) => todo.categories}
      kinds={{ parent: 'todo', child: 'category', grandchild: 'task' }}
      label="Todos"
      childrenLabel="Categories"
      newChildLabel="New category"
      noChildrenText={messages.firstRun.noCategoriesYet}
      empty={
        <EmptyPane
          text={messages.firstRun.noTodosYet}
          action={{
            label: messages.firstRun.createTodo,
            disabled: readOnly,
            onClick: () => actions.onCreateTodo(),
          }}
        />
      }
      selectedParentId={selection.todoId}
      selectedChildId={selection.categoryId}
      readOnly={readOnly}
      childIcon={<Folder className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden="true" />}
      childTrailing={(category) => (
        <span
          className="shrink-0 text-xs tabular-nums text-slate-500 group-hover:hidden"
          title={`${category.activeCount} active, ${category.doneCount} done`}
        >
          {category.activeCount || ''}
        </span>
      )}
      onCreateChild={actions.onCreateCategory}
      namingId={actions.namingId}
      onNamingDone={actions.onNamingDone}
      onSelectParent={actions.onSelectTodo}
      onSelectChild={actions.onSelectCategory}
      onRenameParent={(id, title) => actions.onRename('todo', id, title)}
      onRenameChild={(id, title) => actions.onRename('category', id, title)}
      onDeleteParent={({ id, title }) => actions.onDelete({ kind: 'todo', id, title })}
      onDeleteChild={({ id, title }) => actions.onDelete({ kind: 'category', id, title })}
    />
  );
}
