import { Folder } from 'lucide-react';
import type { TodosTree } from '../../../../shared/schemas/todo.ts';
import { NestedTree } from '../../../components/tree/nested-tree.tsx';
import { EmptyPane } from '../../../components/tree/pane-parts.tsx';
import type { TodoSelection } from '../hooks/use-todo-selection.ts';
import type { TodosTreeMutations } from '../hooks/use-todos-tree.ts';
import type { TodoDeleteRequest } from '../hooks/use-todos-workspace.ts';

interface TodoTreeProps {
  tree: TodosTree;
  selection: TodoSelection;
  readOnly: boolean;
  mutations: TodosTreeMutations;
  onSelectTodo(id: string): void;
  onSelectCategory(id: string): void;
  onDelete(request: TodoDeleteRequest): void;
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
      empty={<EmptyPane text="No todos yet" />}
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
      creatingChild={mutations.createCategory.isPending}
      onCreateChild={(todoId) =>
        mutations.createCategory.mutate(todoId, {
          onSuccess: (category) => actions.onSelectCategory(category.id),
        })
      }
      onSelectParent={actions.onSelectTodo}
      onSelectChild={actions.onSelectCategory}
      onRenameParent={(id, title) => mutations.renameTodo.mutate({ id, title })}
      onRenameChild={(id, title) => mutations.renameCategory.mutate({ id, title })}
      onDeleteParent={({ id, title }) => actions.onDelete({ kind: 'todo', id, title })}
      onDeleteChild={({ id, title }) => actions.onDelete({ kind: 'category', id, title })}
    />
  );
}
