import { DndContext } from '@dnd-kit/core';
import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { TreeDndProvider } from '../../../components/tree/lazy-dnd.tsx';
import {
  EmptyPane,
  PaneHeader,
  paneHeaderButton,
  TreeSkeleton,
} from '../../../components/tree/pane-parts.tsx';
import { SplitHandle } from '../../../components/tree/split-handle.tsx';
import * as treeDndKit from '../../../components/tree/tree-dnd-kit.tsx';
import { useSidebarSplit } from '../../../components/tree/use-sidebar-split.ts';
import { useLabels } from '../hooks/use-labels.ts';
import { useCategoryTasks } from '../hooks/use-tasks.ts';
import type { TodosWorkspace } from '../hooks/use-todos-workspace.ts';
import { useTodosDragAccessibility, useTodosDrop } from '../todos-drag.ts';
import { findCategory } from '../todos-tree-ops.ts';
import { LabelTasks } from './label-tasks.tsx';
import { LabelsSection } from './labels-section.tsx';
import { QuickAdd } from './quick-add.tsx';
import { noFilters, type TaskFilters } from './task-filters.tsx';
import { TaskList } from './task-list.tsx';
import { TodoTree } from './todo-tree.tsx';

interface TodosPaneProps {
  todos: TodosWorkspace;
  readOnly: boolean;
  /** A task was opened from the list (a narrow screen then closes the sidebar). */
  onOpenedTask(): void;
}

/** The sidebar in todos mode: todos with their categories above, the category's tasks below. */
export function TodosPane({ todos, readOnly, onOpenedTask }: TodosPaneProps) {
  const { tree, selection, treeMutations, taskMutations } = todos;
  const { split, setSplit } = useSidebarSplit();
  const panes = useRef<HTMLDivElement>(null);
  const sensors = treeDndKit.useTreeSensors();
  const onDragEnd = useTodosDrop(treeMutations, taskMutations);
  const accessibility = useTodosDragAccessibility(tree);
  const { taskFilter: filter, setTaskFilter: setFilter } = todos;
  const found = tree && selection.categoryId ? findCategory(tree, selection.categoryId) : null;
  const category = found?.category ?? null;
  const tasks = useCategoryTasks(category?.id ?? null);
  // Which label the task pane shows (the workspace's, beside its list, category and task selection), and
  // the list's filters: this pane's own state, forgotten when the category changes.
  const { labelId, showLabel: setLabelId } = todos;
  const label = useLabels().data?.find((l) => l.id === labelId) ?? null;
  const [filtersOf, setFiltersOf] = useState<{ categoryId: string | null; filters: TaskFilters }>({
    categoryId: null,
    filters: noFilters,
  });
  const filters = filtersOf.categoryId === category?.id ? filtersOf.filters : noFilters;

  // Choosing a category leaves the label view for that category's list.
  const selectCategory = (id: string) => {
    setLabelId(null);
    todos.selectCategory(id);
  };

  // This view drags its tasks and subtasks with dnd-kit from the start; the sidebar rows it shares with
  // the notes view (which loads dnd-kit on the first drag) are sortable here at once.
  return (
    <TreeDndProvider value={treeDndKit}>
      <DndContext
        sensors={sensors}
        collisionDetection={treeDndKit.treeCollision}
        onDragEnd={onDragEnd}
        accessibility={accessibility}
      >
        <div ref={panes} className="flex min-h-0 flex-1 flex-col">
          <section aria-label="Todos" className="flex min-h-0 flex-col" style={{ flexBasis: `${split}%` }}>
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
                  selection={selection}
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
                  selectedLabelId={label?.id ?? null}
                  onSelect={setLabelId}
                  onDeleted={(id) => setLabelId((current) => (current === id ? null : current))}
                />
              )}
            </div>
          </section>
          <SplitHandle value={split} onChange={setSplit} container={panes} label="Resize todos and tasks" />
          <section aria-label="Tasks" className="flex min-h-0 flex-1 flex-col">
            <PaneHeader title={label ? label.name : category ? category.title : 'Tasks'}>
              <button
                type="button"
                aria-label="New task"
                title="New task"
                disabled={readOnly || !category || label !== null || taskMutations.createTask.isPending}
                onClick={() => todos.createTask(onOpenedTask)}
                className={paneHeaderButton}
              >
                <Plus className="h-4 w-4" aria-hidden="true" />
              </button>
            </PaneHeader>
            <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
              {label ? (
                <LabelTasks
                  labelId={label.id}
                  labelName={label.name}
                  selectedTaskId={selection.taskId}
                  onOpen={(task) => {
                    todos.openTask(task);
                    onOpenedTask();
                  }}
                />
              ) : !category ? (
                tree && <EmptyPane text={messages.todos.selectCategory} />
              ) : (
                <TaskList
                  tasks={tasks.data?.tasks}
                  error={tasks.isError ? tasks.error.message : null}
                  categoryTitle={category.title}
                  filter={filter}
                  onFilterChange={setFilter}
                  filters={filters}
                  onFiltersChange={(next) => setFiltersOf({ categoryId: category.id, filters: next })}
                  selectedTaskId={selection.taskId}
                  readOnly={readOnly}
                  onOpen={(task) => {
                    todos.openTask(task);
                    onOpenedTask();
                  }}
                  onToggle={(task, completed) =>
                    todos.setCompleted(
                      { ...task, openSubtasks: task.subtasksTotal - task.subtasksCompleted },
                      completed,
                    )
                  }
                  onDelete={(task) =>
                    todos.setPendingDelete({ kind: 'task', id: task.id, title: task.text, task })
                  }
                />
              )}
              {category && !label && filter === 'active' && (
                <QuickAdd
                  key={category.id}
                  todoId={category.todoId}
                  categoryId={category.id}
                  readOnly={readOnly}
                />
              )}
            </div>
          </section>
        </div>
      </DndContext>
    </TreeDndProvider>
  );
}
