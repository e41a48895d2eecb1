import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { ChevronRight, Folder, Plus } from 'lucide-react';
import { useState } from 'react';
import type { TodosTree } from '../../../../shared/schemas/todo.ts';
import { EmptyPane } from '../../workspace/components/pane-parts.tsx';
import { TreeRow } from '../../workspace/components/tree-row.tsx';
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
  const [renaming, setRenaming] = useState<string | null>(null);
  const [closed, setClosed] = useState(false);

  if (tree.todos.length === 0) return <EmptyPane text="No todos yet" />;

  return (
    <SortableContext items={tree.todos.map((t) => `todo:${t.id}`)} strategy={verticalListSortingStrategy}>
      <ul className="space-y-0.5" aria-label="Todos">
        {tree.todos.map((todo) => {
          const selected = selection.todoId === todo.id;
          const open = selected && !closed;
          return (
            <TreeRow
              key={todo.id}
              kind="todo"
              id={todo.id}
              parentId={null}
              title={todo.title}
              noun="todo"
              selected={selected && selection.categoryId === null}
              readOnly={readOnly}
              renaming={renaming === todo.id}
              acceptsFrom="category"
              icon={
                <>
                  <ChevronRight
                    className={`h-3.5 w-3.5 shrink-0 text-slate-400 transition-transform ${open ? 'rotate-90' : ''}`}
                    aria-hidden="true"
                  />
                  <span
                    className="h-2.5 w-2.5 shrink-0 rounded-full ring-2 ring-white"
                    style={{ backgroundColor: todo.color }}
                    aria-hidden="true"
                  />
                </>
              }
              onSelect={() => {
                setClosed(selected ? open : false);
                actions.onSelectTodo(todo.id);
              }}
              onStartRename={() => setRenaming(todo.id)}
              onCancelRename={() => setRenaming(null)}
              onRename={(title) => {
                setRenaming(null);
                mutations.renameTodo.mutate({ id: todo.id, title });
              }}
              onDelete={() => actions.onDelete({ kind: 'todo', id: todo.id, title: todo.title })}
            >
              {open && (
                <SortableContext
                  items={todo.categories.map((c) => `category:${c.id}`)}
                  strategy={verticalListSortingStrategy}
                >
                  <ul className="mt-0.5 space-y-0.5" aria-label={`Categories of ${todo.title}`}>
                    {todo.categories.map((category) => (
                      <TreeRow
                        key={category.id}
                        kind="category"
                        id={category.id}
                        parentId={todo.id}
                        title={category.title}
                        noun="category"
                        indent
                        selected={selection.categoryId === category.id}
                        readOnly={readOnly}
                        renaming={renaming === category.id}
                        acceptsFrom="task"
                        icon={<Folder className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden="true" />}
                        trailing={
                          <span
                            className="shrink-0 text-xs tabular-nums text-slate-500 group-hover:hidden"
                            title={`${category.activeCount} active, ${category.doneCount} done`}
                          >
                            {category.activeCount || ''}
                          </span>
                        }
                        onSelect={() => actions.onSelectCategory(category.id)}
                        onStartRename={() => setRenaming(category.id)}
                        onCancelRename={() => setRenaming(null)}
                        onRename={(title) => {
                          setRenaming(null);
                          mutations.renameCategory.mutate({ id: category.id, title });
                        }}
                        onDelete={() =>
                          actions.onDelete({ kind: 'category', id: category.id, title: category.title })
                        }
                      />
                    ))}
                    <li>
                      <button
                        type="button"
                        disabled={readOnly || mutations.createCategory.isPending}
                        onClick={() =>
                          mutations.createCategory.mutate(todo.id, {
                            onSuccess: (category) => actions.onSelectCategory(category.id),
                          })
                        }
                        className="flex w-full items-center gap-2 rounded-md py-1.5 pr-2 pl-10 text-left text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50"
                      >
                        <Plus className="h-3.5 w-3.5" aria-hidden="true" />
                        New category
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
