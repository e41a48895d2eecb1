import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDateString } from '../../../shared/domain/task-display.ts';
import type { Task } from '../../../shared/schemas/task.ts';
import type { TodosTree } from '../../../shared/schemas/todo.ts';
import { type ApiCall, apiError, stubApi } from '../../test/auth-test-helpers.tsx';
import {
  renderWorkspace,
  sampleTree,
  sessionReply,
  setWindowWidth,
} from '../../test/workspace-test-helpers.tsx';
import { todoSelectionStorageKey } from './hooks/use-todo-selection.ts';

/** The quick add box and the completion Undo inside the real workspace, with the HTTP API faked at fetch. */

const at = '2030-01-01T00:00:00.000Z';
const ids = {
  todo: '50000000-0000-4000-8000-000000000001',
  category: '60000000-0000-4000-8000-000000000001',
  task: '70000000-0000-4000-8000-000000000001',
  created: '70000000-0000-4000-8000-000000000002',
};
const tree: TodosTree = {
  todos: [
    {
      ...{ id: ids.todo, title: 'Home', color: '#10B981', position: 0, createdAt: at, updatedAt: at },
      categories: [
        {
          ...{ id: ids.category, todoId: ids.todo, title: 'Chores', position: 0 },
          ...{ createdAt: at, updatedAt: at, activeCount: 1, doneCount: 0 },
        },
      ],
    },
  ],
};
const task: Task = {
  ...{ id: ids.task, todoId: ids.todo, categoryId: ids.category, text: 'Tidy up', completed: false },
  ...{
    dueDate: null,
    dueTime: null,
    description: '',
    priority: 'medium',
    estimatedTime: null,
    position: 0,
    createdAt: at,
    updatedAt: at,
  },
  labelIds: [],
  repeat: null,
};

function stubTodos(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/auth/session': sessionReply,
    'GET /api/notes/tree': { status: 200, body: sampleTree },
    'GET /api/todos/tree': { status: 200, body: tree },
    [`GET /api/categories/${ids.category}/tasks`]: {
      status: 200,
      body: { tasks: [{ ...task, subtasksCompleted: 0, subtasksTotal: 0 }] },
    },
    [`PATCH /api/tasks/${ids.task}`]: (call: ApiCall) => ({
      status: 200,
      body: { ...task, ...(call.body as object) },
    }),
    ...extra,
  });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('jotlist-workspace-view', 'todos');
  localStorage.setItem(
    todoSelectionStorageKey,
    JSON.stringify({ todoId: ids.todo, categoryId: ids.category, taskId: null }),
  );
  setWindowWidth(1440);
});
afterEach(() => vi.unstubAllGlobals());

describe('Add a task', () => {
  it('sends the title, due date and priority it read in one request, and stays ready', async () => {
    const calls = stubTodos({
      'POST /api/tasks': (call: ApiCall) => ({
        status: 201,
        body: { ...task, ...(call.body as object), id: ids.created, position: 1 },
      }),
    });
    renderWorkspace();
    const box = await screen.findByRole('textbox', { name: 'Add a task' }, { timeout: 5000 });
    await userEvent.type(box, 'Pay rent tomorrow !high');
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    // The chips appear once the parser (its own chunk, loaded on the first focus) is here.
    expect(await screen.findByText('High')).toBeInTheDocument();
    expect(screen.getByText(/^Due /)).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');

    const creates = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/tasks');
    await waitFor(() => expect(creates()).toHaveLength(1));
    // The task carries the id the client made for it: it showed before the server answered.
    expect(creates()[0]?.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      todoId: ids.todo,
      categoryId: ids.category,
      text: 'Pay rent',
      dueDate: localDateString(tomorrow),
      priority: 'high',
    });
    expect(await screen.findByRole('button', { name: 'Pay rent' }, { timeout: 5000 })).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
  });

  it('shows the time of a repeat typed without a day, and sends it for the first occurrence', async () => {
    const calls = stubTodos({
      'POST /api/tasks': (call: ApiCall) => ({
        status: 201,
        body: { ...task, ...(call.body as object), id: ids.created, position: 1 },
      }),
    });
    renderWorkspace();
    const box = await screen.findByRole('textbox', { name: 'Add a task' }, { timeout: 5000 });
    await userEvent.type(box, 'Standup every weekday 9am');
    expect(await screen.findByText('Due at 09:00')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/tasks')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/tasks')?.body).toMatchObject({
      text: 'Standup',
      dueTime: '09:00',
      repeat: { mode: 'fixed' },
    });
  });

  it('puts the text back when the server refuses it', async () => {
    stubTodos({ 'POST /api/tasks': apiError(400, 'validation_failed', 'Some fields are not valid.') });
    renderWorkspace();
    const box = await screen.findByRole('textbox', { name: 'Add a task' }, { timeout: 5000 });
    await userEvent.type(box, 'Call mum p1{Enter}');
    expect(await screen.findByText('Some fields are not valid.')).toBeInTheDocument();
    expect(box).toHaveValue('Call mum p1');
  });
});

describe('Undo a completion', () => {
  it('sends the inverse change once, however often Undo is pressed', async () => {
    const calls = stubTodos();
    renderWorkspace();
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Complete Tidy up' }, { timeout: 5000 }),
    );
    const undo = await screen.findByRole('button', { name: 'Undo' }, { timeout: 5000 });
    expect(undo.closest('[role="status"]')).toHaveTextContent('Task completed');
    await userEvent.click(undo);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { completed: true },
      { completed: false },
    ]);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Complete Tidy up' })).not.toBeChecked();
    // The offer is spent: the shortcut finds nothing to send.
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2);
  });
});
