import { Plus } from 'lucide-react';
import { PaneHeader, paneHeaderButton, TreeSkeleton } from '../../../components/tree/pane-parts.tsx';
import { usePlanFollowsTree } from '../hooks/use-plan.ts';
import type { TodosWorkspace } from '../hooks/use-todos-workspace.ts';
import { LabelsSection } from './labels-section.tsx';
import { PlanEntries } from './plan-entries.tsx';
import { TodoTree } from './todo-tree.tsx';

interface TodosPaneProps {
  todos: TodosWorkspace;
  readOnly: boolean;
  /** Something to list was chosen (a narrow screen then closes the sidebar). */
  onChoseList(): void;
}

/**
 * The sidebar in todos mode: Today and Upcoming, the todos with their categories, and the labels. The
 * tasks of what is chosen show in the content area, full width (todos-content.tsx).
 */
export function TodosPane({ todos, readOnly, onChoseList }: TodosPaneProps) {
  const { tree, selection, treeMutations, listView } = todos;
  usePlanFollowsTree(tree);
  const selectCategory = (id: string) => {
    todos.selectCategory(id);
    onChoseList();
  };
  const planView = listView.kind === 'today' || listView.kind === 'upcoming' ? listView.kind : null;

  return (
    <section aria-label="Todos" className="flex min-h-0 flex-1 flex-col">
      <PlanEntries
        current={planView}
        onShow={(kind) => {
          todos.showList({ kind });
          onChoseList();
        }}
      />
      <PaneHeader title="Todos">
        <button
          type="button"
          aria-label="New todo"
          title="New todo"
          disabled={readOnly || treeMutations.createTodo.isPending}
          onClick={todos.createTodo}
          className={paneHeaderButton}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
        </button>
      </PaneHeader>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
        {tree ? (
          <TodoTree
            tree={tree}
            selection={listView.kind === 'category' ? selection : { ...selection, categoryId: null }}
            readOnly={readOnly}
            mutations={treeMutations}
            onSelectTodo={todos.selectTodo}
            onSelectCategory={selectCategory}
            onDelete={todos.setPendingDelete}
            onCreateTodo={todos.createTodo}
            onCreateCategory={todos.createCategory}
            onRename={todos.renameInTree}
            namingId={todos.namingId}
            onNamingDone={todos.doneNaming}
          />
        ) : (
          <TreeSkeleton error={todos.treeQuery.isError ? todos.treeQuery.error.message : null} />
        )}
        {tree && (
          <LabelsSection
            readOnly={readOnly}
            selectedLabelId={listView.kind === 'label' ? listView.labelId : null}
            onSelect={(labelId) => {
              todos.showList({ kind: 'label', labelId });
              onChoseList();
            }}
            onDeleted={(id) => {
              if (listView.kind === 'label' && listView.labelId === id) todos.showList({ kind: 'category' });
            }}
          />
        )}
      </div>
    </section>
  );
}
