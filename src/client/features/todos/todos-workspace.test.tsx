import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import type { Subtask, TaskDetail } from '../../../shared/schemas/task.ts';
import type { TodosTree } from '../../../shared/schemas/todo.ts';
import { apiError, stubApi } from '../../test/auth-test-helpers.tsx';
import {
  renderWorkspace,
  sampleTree,
  sessionReply,
  setWindowWidth,
} from '../../test/workspace-test-helpers.tsx';
import { todoSelectionStorageKey } from './hooks/use-todo-selection.ts';

/** The todos view inside the real workspace, with the HTTP API faked at fetch. */

const at = '2030-01-01T00:00:00.000Z';
const ids = {
  todo: '50000000-0000-4000-8000-000000000001',
  category: '60000000-0000-4000-8000-000000000001',
  task: '70000000-0000-4000-8000-000000000001',
};
const tree: TodosTree = {
  todos: [
    {
      id: ids.todo,
      title: 'Home',
      color: '#10B981',
      position: 0,
      createdAt: at,
      updatedAt: at,
      categories: [
        {
          id: ids.category,
          todoId: ids.todo,
          title: 'Chores',
          position: 0,
          createdAt: at,
          updatedAt: at,
          activeCount: 1,
          doneCount: 0,
        },
      ],
    },
  ],
};
const longText = 'Sort the recycling into paper, glass and plastics before the Thursday collection';
const subtask = (n: number, text: string, completed: boolean): Subtask => ({
  id: `80000000-0000-4000-8000-00000000000${n}`,
  taskId: ids.task,
  text,
  completed,
  position: n,
  createdAt: at,
  updatedAt: at,
});
const task: TaskDetail = {
  id: ids.task,
  todoId: ids.todo,
  categoryId: ids.category,
  text: 'Tidy up',
  completed: false,
  dueDate: null,
  dueTime: null,
  description: '',
  priority: 'medium',
  estimatedTime: null,
  position: 0,
  createdAt: at,
  updatedAt: at,
  labelIds: [],
  repeat: null,
  subtasks: [subtask(1, 'Dust shelves', true), subtask(2, longText, false)],
};
const { subtasks: _omit, ...listItem } = task;

function stubTodos(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/auth/session': sessionReply,
    'GET /api/notes/tree': { status: 200, body: sampleTree },
    'GET /api/todos/tree': { status: 200, body: tree },
    [`GET /api/categories/${ids.category}/tasks`]: {
      status: 200,
      body: { tasks: [{ ...listItem, subtasksCompleted: 1, subtasksTotal: 2 }] },
    },
    [`GET /api/tasks/${ids.task}`]: { status: 200, body: task },
    ...extra,
  });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('jotlist-workspace-view', 'todos');
  setWindowWidth(1440);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const openTask = () =>
  localStorage.setItem(
    todoSelectionStorageKey,
    JSON.stringify({ todoId: ids.todo, categoryId: ids.category, taskId: ids.task }),
  );

describe('todos sidebar', () => {
  it('offers New task only once a category is selected', async () => {
    stubTodos();
    renderWorkspace();
    const create = await screen.findByRole('button', { name: 'New task' });
    expect(create).toBeDisabled();
    expect(screen.getByText(messages.todos.selectCategory)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Home' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Chores' }));
    expect(create).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Tidy up' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Done' }));
    expect(screen.getByText(messages.todos.noCompletedTasks)).toBeInTheDocument();
  });

  it('`n` while Done is shown switches to Active, so the new task is listed and named in place', async () => {
    const created = {
      ...listItem,
      id: '70000000-0000-4000-8000-000000000002',
      text: 'New Task',
      position: 1,
    };
    stubTodos({
      'POST /api/tasks': { status: 201, body: created },
      [`GET /api/tasks/${created.id}`]: { status: 200, body: { ...created, subtasks: [] } },
    });
    renderWorkspace();
    await userEvent.click(await screen.findByRole('button', { name: 'Home' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Chores' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Done' }));
    expect(screen.getByText(messages.todos.noCompletedTasks)).toBeInTheDocument();

    // Focus on the tab, outside any text field: `n` is the shortcut.
    await userEvent.keyboard('n');
    const title = await screen.findByRole('textbox', { name: 'Task title' });
    expect(title).toHaveValue('New Task');
    expect(title).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'New Task' })).toBeInTheDocument();
  });
});

describe('finding a label', () => {
  const errands = {
    id: '90000000-0000-4000-8000-000000000002',
    name: 'errands',
    color: '#F59E0B',
    taskCount: 0,
    createdAt: at,
    updatedAt: at,
  };

  it('the search lists `Label: errands`, which opens the label view', async () => {
    const calls = stubTodos({
      'GET /api/labels': { status: 200, body: { labels: [errands] } },
      'GET /api/search': {
        status: 200,
        body: { notes: [], tasks: [], labels: [{ id: errands.id, name: 'errands', color: errands.color }] },
      },
      [`GET /api/labels/${errands.id}/tasks`]: { status: 200, body: { tasks: [] } },
    });
    renderWorkspace();
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search notes' }), 'errand');
    await userEvent.click(await screen.findByRole('button', { name: 'Label: errands' }));
    const tasksPane = await screen.findByRole('region', { name: 'Tasks' });
    expect(await within(tasksPane).findByRole('heading', { name: 'errands' })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(calls.some((c) => c.path === `/api/labels/${errands.id}/tasks`)).toBe(true),
    );
  });
});

describe('labels in the task panel', () => {
  it('removing a label in the picker offers Undo, which puts it back', async () => {
    const errands = {
      id: '90000000-0000-4000-8000-000000000003',
      name: 'errands',
      color: '#F59E0B',
      taskCount: 1,
      createdAt: at,
      updatedAt: at,
    };
    const labelled = { ...task, labelIds: [errands.id] };
    const calls = stubTodos({
      [`GET /api/tasks/${ids.task}`]: { status: 200, body: labelled },
      'GET /api/labels': { status: 200, body: { labels: [errands] } },
      [`PATCH /api/tasks/${ids.task}`]: (call) => ({
        status: 200,
        body: { ...labelled, ...(call.body as object) },
      }),
    });
    openTask();
    renderWorkspace();
    await userEvent.click(await screen.findByRole('button', { name: messages.labels.picker }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'errands' }));
    const undo = await screen.findByRole('button', { name: 'Undo' }, { timeout: 5000 });
    expect(undo.closest('[role="status"]')).toHaveTextContent(messages.undo.labelsChanged);
    await userEvent.click(undo);
    const patches = () => calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
    await vi.waitFor(() => expect(patches()).toEqual([{ labelIds: [] }, { labelIds: [errands.id] }]));
  });
});

describe('naming a task made with `n`', () => {
  it('reads the name as quick add does: date, priority and #labels leave the title', async () => {
    const created = {
      ...listItem,
      id: '70000000-0000-4000-8000-000000000003',
      text: 'New Task',
      position: 1,
    };
    const calls = stubTodos({
      'POST /api/tasks': { status: 201, body: created },
      [`GET /api/tasks/${created.id}`]: { status: 200, body: { ...created, subtasks: [] } },
      [`PATCH /api/tasks/${created.id}`]: (call) => ({
        status: 200,
        body: { ...created, ...(call.body as object), subtasks: [] },
      }),
    });
    renderWorkspace();
    await userEvent.click(await screen.findByRole('button', { name: 'Home' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Chores' }));
    await userEvent.keyboard('n');
    const title = await screen.findByRole('textbox', { name: 'Task title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Call mum tomorrow 5pm !high #family{Enter}');
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true), { timeout: 3000 });
    const patch = calls.find((c) => c.method === 'PATCH')?.body as Record<string, unknown>;
    expect(patch).toMatchObject({
      text: 'Call mum',
      dueTime: '17:00',
      priority: 'high',
      // By name: the server creates a new label with the task's change, in one transaction.
      labelNames: ['family'],
    });
    expect(patch.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('task panel', () => {
  it('refuses to add a blank subtask', async () => {
    openTask();
    const calls = stubTodos();
    renderWorkspace();
    const input = await screen.findByRole('textbox', { name: 'Add a subtask' });
    await userEvent.type(input, '   {Enter}');
    expect(calls.filter((c) => c.path.endsWith('/subtasks'))).toEqual([]);
    expect(screen.getByText('1/2')).toBeInTheDocument();
  });

  it('cuts subtask text over 60 characters, with show more and less', async () => {
    openTask();
    stubTodos();
    renderWorkspace();
    const cut = `${longText.slice(0, 60)}…`;
    expect(await screen.findByRole('button', { name: cut })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByRole('button', { name: longText })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.getByRole('button', { name: cut })).toBeInTheDocument();
    // Short text is never cut.
    expect(screen.getByRole('button', { name: 'Dust shelves' })).toBeInTheDocument();
  });

  it('refuses to complete a task with open subtasks: warns and highlights them for 3 s', async () => {
    openTask();
    const calls = stubTodos();
    const { container } = renderWorkspace();
    const complete = await screen.findByRole('checkbox', { name: 'Mark task complete' });
    await userEvent.click(screen.getByRole('button', { name: 'Task Details' }));
    expect(screen.queryByLabelText('Hours')).toBeNull();

    vi.useFakeTimers();
    fireEvent.click(complete);
    expect(screen.getByText(messages.todos.cannotComplete).closest('[role="alert"]')).not.toBeNull();
    expect(screen.getAllByText('Complete 1 subtask(s) first').length).toBeGreaterThan(0);
    expect(container.querySelectorAll('li[data-highlighted]')).toHaveLength(1);
    expect(screen.getByLabelText('Hours')).toBeInTheDocument();
    expect(complete).not.toBeChecked();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    act(() => vi.advanceTimersByTime(3000));
    expect(container.querySelectorAll('li[data-highlighted]')).toHaveLength(0);
    expect(screen.queryByText(messages.todos.cannotComplete)).toBeNull();
  });

  it('shows the warning when the server refuses with incomplete_subtasks', async () => {
    openTask();
    const stale = { ...task, subtasks: task.subtasks.map((s) => ({ ...s, completed: true })) };
    stubTodos({
      [`GET /api/tasks/${ids.task}`]: { status: 200, body: stale },
      [`PATCH /api/tasks/${ids.task}`]: apiError(409, 'incomplete_subtasks', 'Complete 1 subtask(s) first'),
    });
    renderWorkspace();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Mark task complete' }));
    expect(await screen.findByText(messages.todos.cannotComplete)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Mark task complete' })).not.toBeChecked();
  });
});
