import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { PlanEntry } from '../../../../shared/domain/upcoming-days.ts';
import { messages } from '../../../../shared/messages.ts';
import { MoveTo } from '../../../components/tree/move-to.tsx';
import { EmptyPane, paneHeaderButton } from '../../../components/tree/pane-parts.tsx';
import { useLabels } from '../hooks/use-labels.ts';
import { useCategoryTasks } from '../hooks/use-tasks.ts';
import type { TodosWorkspace } from '../hooks/use-todos-workspace.ts';
import { useTodosMovePorts } from '../todos-move.ts';
import { findCategory } from '../todos-tree-ops.ts';
import { LabelTasks } from './label-tasks.tsx';
import { type PlanActions, TodayView, UpcomingView } from './plan-views.tsx';
import { QuickAdd } from './quick-add.tsx';
import { noFilters, type TaskFilters } from './task-filters.tsx';
import { TaskList } from './task-list.tsx';

interface TaskListAreaProps {
  todos: TodosWorkspace;
  readOnly: boolean;
  /** A task was opened from a row: the panel's heading takes the focus. */
  onOpened(taskId: string): void;
}

type Opened = { id: string; categoryId: string };

/** The content area's list: the chosen category's tasks, Today, Upcoming or a label's, full width. */
export function TaskListArea({ todos, readOnly, onOpened }: TaskListAreaProps) {
  const { tree, selection, listView } = todos;
  const found = tree && selection.categoryId ? findCategory(tree, selection.categoryId) : null;
  const category = listView.kind === 'category' ? (found?.category ?? null) : null;
  const label = useLabels().data?.find((l) => listView.kind === 'label' && l.id === listView.labelId) ?? null;
  const open = (task: Opened) => {
    todos.openTask(task);
    onOpened(task.id);
  };
  const edit = (task: Opened) => {
    todos.openTask(task);
    todos.focusTitleOf(task.id);
  };
  const title =
    listView.kind === 'today'
      ? messages.plan.today
      : listView.kind === 'upcoming'
        ? messages.plan.upcoming
        : listView.kind === 'label'
          ? (label?.name ?? messages.labels.heading)
          : (category?.title ?? 'Tasks');
  const planActions: PlanActions = {
    selectedTaskId: selection.taskId,
    readOnly,
    onOpen: open,
    onEdit: edit,
    // A later occurrence of a repeating task is for planning: it is done or moved through the current one.
    onToggle: (task: PlanEntry, completed) => {
      if (task.laterOccurrence) return;
      todos.setCompleted({ ...task, openSubtasks: task.subtasksTotal - task.subtasksCompleted }, completed);
    },
    onMove: (task: PlanEntry, day) => {
      if (task.laterOccurrence) return;
      todos.editTask({ ...task, subtasks: [] }, { dueDate: day });
    },
  };

  return (
    <section aria-label="Tasks" className="flex min-h-0 min-w-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b border-slate-100 px-4 py-3 sm:px-6">
        <h2 className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900">{title}</h2>
        <button
          type="button"
          aria-label="New task"
          title="New task"
          disabled={readOnly || !category}
          onClick={() => todos.createTask()}
          className={paneHeaderButton}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pt-2 pb-6 sm:px-4">
        {listView.kind === 'today' ? (
          <TodayView actions={planActions} />
        ) : listView.kind === 'upcoming' ? (
          <UpcomingView actions={planActions} />
        ) : label ? (
          <LabelTasks labelId={label.id} labelName={label.name} actions={planActions} />
        ) : category ? (
          <CategoryTasks
            todos={todos}
            readOnly={readOnly}
            categoryId={category.id}
            onOpen={open}
            onEdit={edit}
          />
        ) : (
          tree && <EmptyPane text={messages.todos.selectCategory} />
        )}
      </div>
    </section>
  );
}

function CategoryTasks(props: {
  todos: TodosWorkspace;
  readOnly: boolean;
  categoryId: string;
  onOpen(task: Opened): void;
  onEdit(task: Opened): void;
}) {
  const { todos, readOnly, categoryId } = props;
  const found = todos.tree ? findCategory(todos.tree, categoryId) : null;
  const tasks = useCategoryTasks(categoryId);
  // The filters are this list's own, forgotten when the category changes.
  const [filtersOf, setFiltersOf] = useState<{ categoryId: string | null; filters: TaskFilters }>({
    categoryId: null,
    filters: noFilters,
  });
  const filters = filtersOf.categoryId === categoryId ? filtersOf.filters : noFilters;
  // The task whose Move to… is open (kept after closing, so the dialog can close with its content).
  const [moving, setMoving] = useState<{ id: string; text: string; categoryId: string } | null>(null);
  const [moveOpen, setMoveOpen] = useState(false);
  const movePorts = useTodosMovePorts(todos.treeMutations, todos.taskMutations);
  if (!found) return null;
  const tree = todos.tree;
  return (
    <>
      {/* Above the list, so what it understood shows before Enter without scrolling. */}
      {todos.taskFilter === 'active' && (
        <QuickAdd key={categoryId} todoId={found.todo.id} categoryId={categoryId} readOnly={readOnly} />
      )}
      <TaskList
        tasks={tasks.data?.tasks}
        error={tasks.isError ? tasks.error.message : null}
        categoryTitle={found.category.title}
        filter={todos.taskFilter}
        onFilterChange={todos.setTaskFilter}
        filters={filters}
        onFiltersChange={(next) => setFiltersOf({ categoryId, filters: next })}
        selectedTaskId={todos.selection.taskId}
        readOnly={readOnly}
        onOpen={props.onOpen}
        onEdit={props.onEdit}
        onToggle={(task, completed) => {
          if (readOnly) return;
          todos.setCompleted(
            { ...task, openSubtasks: task.subtasksTotal - task.subtasksCompleted },
            completed,
          );
        }}
        onDelete={(task) => todos.setPendingDelete({ kind: 'task', id: task.id, title: task.text, task })}
        onMoveTo={(task) => {
          setMoving({ id: task.id, text: task.text, categoryId: task.categoryId });
          setMoveOpen(true);
        }}
      />
      {moving && tree && (
        <MoveTo
          open={moveOpen}
          onOpenChange={setMoveOpen}
          noun="task"
          name={moving.text || 'task'}
          row={{ kind: 'task', id: moving.id, parentId: moving.categoryId }}
          parentKind="category"
          groups={tree.todos
            .filter((todo) => todo.categories.length > 0)
            .map((todo) => ({ id: todo.id, title: todo.title, children: todo.categories }))}
          ports={movePorts}
        />
      )}
    </>
  );
}
