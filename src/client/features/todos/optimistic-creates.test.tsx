import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import type { TaskDetail } from '../../../shared/schemas/task.ts';
import type { TodosTree } from '../../../shared/schemas/todo.ts';
import { type ApiCall, apiError, stubApi } from '../../test/auth-test-helpers.tsx';
import { holdRequests } from '../../test/held-requests.ts';
import {
  renderWorkspace,
  sampleTree,
  sessionReply,
  setWindowWidth,
} from '../../test/workspace-test-helpers.tsx';
import { todoSelectionStorageKey } from './hooks/use-todo-selection.ts';

/**
 * Creates in the todos view show at once (docs/client.md, write paths): a task, a subtask and a label
 * are made here with their id, shown before the server answers, and taken away with a toast if refused.
 */

const at = '2030-01-01T00:00:00.000Z';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
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
  subtasks: [],
};
const { subtasks: _none, ...listItem } = task;

function stubTodos(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/auth/session': sessionReply,
    'GET /api/notes/tree': { status: 200, body: sampleTree },
    'GET /api/todos/tree': { status: 200, body: tree },
    'GET /api/labels': { status: 200, body: { labels: [] } },
    [`GET /api/categories/${ids.category}/tasks`]: {
      status: 200,
      body: { tasks: [{ ...listItem, subtasksCompleted: 0, subtasksTotal: 0 }] },
    },
    [`GET /api/tasks/${ids.task}`]: { status: 200, body: task },
    ...extra,
  });
}

const posts = (calls: ApiCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);
const alert = () => within(screen.getByRole('alert'));

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('jotlist-workspace-view', 'todos');
  setWindowWidth(1440);
});
afterEach(() => vi.unstubAllGlobals());

const select = (taskId: string | null) =>
  localStorage.setItem(
    todoSelectionStorageKey,
    JSON.stringify({ todoId: ids.todo, categoryId: ids.category, taskId }),
  );

describe('a new task', () => {
  it('is listed and opened for naming before the server answers, and sent with its id', async () => {
    select(null);
    const calls = stubTodos({
      'POST /api/tasks': (call: ApiCall) => ({
        status: 201,
        body: { ...listItem, text: messages.todos.newTask, position: 1, ...(call.body as object) },
      }),
    });
    const release = holdRequests('POST', '/api/tasks');
    renderWorkspace();
    await userEvent.click(await screen.findByRole('button', { name: 'New task' }));

    const title = await screen.findByRole('textbox', { name: 'Task title' });
    expect(title).toHaveValue(messages.todos.newTask);
    expect(screen.getByRole('button', { name: messages.todos.newTask })).toBeInTheDocument();

    release();
    await waitFor(() => expect(posts(calls, '/api/tasks')).toHaveLength(1));
    expect(posts(calls, '/api/tasks')[0]?.body).toEqual({
      id: expect.stringMatching(uuid),
      todoId: ids.todo,
      categoryId: ids.category,
    });
    expect(screen.getByRole('button', { name: messages.todos.newTask })).toBeInTheDocument();
  });

  it('leaves the list and the panel with the server’s words when refused', async () => {
    select(null);
    stubTodos({ 'POST /api/tasks': apiError(409, 'id_taken', messages.api.idTaken) });
    const release = holdRequests('POST', '/api/tasks');
    renderWorkspace();
    await userEvent.click(await screen.findByRole('button', { name: 'New task' }));
    expect(await screen.findByRole('textbox', { name: 'Task title' })).toHaveValue(messages.todos.newTask);

    release();
    expect(await alert().findByText(messages.api.idTaken)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Task title' })).toBeNull());
    expect(screen.queryByRole('button', { name: messages.todos.newTask })).toBeNull();
    expect(screen.getByRole('button', { name: 'Tidy up' })).toBeInTheDocument();
  });
});

describe('a new subtask', () => {
  it('shows before the server answers; refused, it goes and its text comes back', async () => {
    select(ids.task);
    const calls = stubTodos({
      [`POST /api/tasks/${ids.task}/subtasks`]: apiError(409, 'id_taken', messages.api.idTaken),
    });
    const release = holdRequests('POST', `/api/tasks/${ids.task}/subtasks`);
    renderWorkspace();
    const box = await screen.findByRole('textbox', { name: 'Add a subtask' });
    await userEvent.type(box, 'Dust shelves{Enter}');
    expect(await screen.findByText('Dust shelves')).toBeInTheDocument();
    expect(box).toHaveValue('');

    release();
    expect(await alert().findByText(messages.api.idTaken)).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue('Dust shelves'));
    expect(screen.queryByText('Dust shelves')).toBeNull();
    expect(posts(calls, `/api/tasks/${ids.task}/subtasks`)[0]?.body).toEqual({
      id: expect.stringMatching(uuid),
      text: 'Dust shelves',
    });
  });
});

describe('a new label', () => {
  it('shows in the sidebar before the server answers; a taken name takes it away with the server’s words', async () => {
    select(null);
    const taken = 'A label named “errands” already exists.';
    const calls = stubTodos({ 'POST /api/labels': apiError(409, 'conflict', taken) });
    const release = holdRequests('POST', '/api/labels');
    renderWorkspace();
    await userEvent.click(await screen.findByRole('button', { name: messages.labels.newLabel }));
    await userEvent.type(screen.getByRole('textbox', { name: messages.labels.newLabel }), 'errands{Enter}');
    const labels = screen.getByRole('list', { name: messages.labels.heading });
    expect(await within(labels).findByText('errands')).toBeInTheDocument();

    release();
    expect(await alert().findByText(taken)).toBeInTheDocument();
    await waitFor(() => expect(within(labels).queryByText('errands')).toBeNull());
    expect(posts(calls, '/api/labels')[0]?.body).toEqual({
      id: expect.stringMatching(uuid),
      name: 'errands',
      color: expect.stringMatching(/^#[0-9A-F]{6}$/),
    });
  });
});
