import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { LabelsResponse } from '../../../../shared/schemas/label.ts';
import type { TaskIndexResponse } from '../../../../shared/schemas/task.ts';
import type { TodosTree } from '../../../../shared/schemas/todo.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { todoKeys } from '../../todos/index.ts';
import type { WorkspaceCommands } from '../hooks/use-workspace-commands.ts';
import { CommandPalette } from './command-palette.tsx';

beforeAll(() => {
  // jsdom lays nothing out: cmdk scrolls the active option into view and watches the list's size.
  Element.prototype.scrollIntoView ??= () => {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => vi.unstubAllGlobals());

const at = '2030-01-01T00:00:00.000Z';
const id = (n: number) => `90000000-0000-4000-8000-00000000000${n}`;
const category = (n: number, title: string) => ({
  id: id(n),
  todoId: id(1),
  title,
  position: n,
  createdAt: at,
  updatedAt: at,
  activeCount: 1,
  doneCount: 0,
});
const todosTree: TodosTree = {
  todos: [
    {
      id: id(1),
      title: 'Errands',
      color: '#10B981',
      position: 0,
      createdAt: at,
      updatedAt: at,
      categories: [category(2, 'Shopping'), category(3, 'Garden')],
    },
  ],
};
const indexTask = (n: number, categoryId: string, text: string) => ({
  id: id(n),
  categoryId,
  text,
  completed: false,
});

/**
 * The palette with the server faked at fetch: the task index answers; the search never does, so what is
 * found is found without it.
 */
function renderPalette(
  index: TaskIndexResponse,
  prepare: (client: QueryClient) => void = () => {},
  labels: LabelsResponse = { labels: [] },
) {
  const requests: string[] = [];
  vi.stubGlobal('fetch', (input: string) => {
    const path = new URL(input, 'http://localhost').pathname;
    requests.push(path);
    const answers: Record<string, unknown> = { '/api/tasks/index': index, '/api/labels': labels };
    if (path in answers) {
      return Promise.resolve(
        new Response(JSON.stringify(answers[path]), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }
    return new Promise<Response>(() => {});
  });
  const client = createQueryClient();
  prepare(client);
  const choose = vi.fn();
  const commands = { isDisabled: () => false, choose } as unknown as WorkspaceCommands;
  render(
    <QueryClientProvider client={client}>
      <CommandPalette
        open
        onOpenChange={() => {}}
        notesTree={undefined}
        todosTree={todosTree}
        commands={commands}
        initialQuery=""
        onInitialQueryChange={() => {}}
      />
    </QueryClientProvider>,
  );
  return { requests, choose };
}

it('finds a task of a category never opened, from the task index fetched as it opens', async () => {
  const { requests } = renderPalette({ tasks: [indexTask(4, id(2), 'Buy oat milk')] });
  expect(requests).toContain('/api/tasks/index');
  await userEvent.type(screen.getByRole('combobox'), 'oat milk');
  const option = await screen.findByRole('option', { name: /Buy oat milk/ });
  expect(option).toHaveTextContent('Errands › Shopping');
});

it("prefers a category's loaded list to the index, and skips tasks of categories no longer in the tree", async () => {
  renderPalette(
    {
      tasks: [
        indexTask(4, id(2), 'Old name'),
        indexTask(5, id(3), 'Sow seeds'),
        indexTask(6, id(7), 'Orphan'),
      ],
    },
    // The Shopping list is loaded, and its task renamed since the index was made.
    (client) => client.setQueryData(todoKeys.tasks(id(2)), { tasks: [indexTask(4, id(2), 'New name')] }),
  );
  await userEvent.type(screen.getByRole('combobox'), 'name');
  expect(await screen.findByRole('option', { name: /New name/ })).toBeInTheDocument();
  expect(screen.queryByRole('option', { name: /Old name/ })).toBeNull();
  await userEvent.clear(screen.getByRole('combobox'));
  await userEvent.type(screen.getByRole('combobox'), 'o');
  expect(await screen.findByRole('option', { name: /Sow seeds/ })).toHaveTextContent('Errands › Garden');
  expect(screen.queryByRole('option', { name: /Orphan/ })).toBeNull();
});

it('finds a label by name, with how many tasks have it', async () => {
  const label = { id: id(8), name: 'errands', color: '#F59E0B', taskCount: 3, createdAt: at, updatedAt: at };
  renderPalette({ tasks: [] }, () => {}, { labels: [label] });
  await userEvent.type(screen.getByRole('combobox'), 'errand');
  const option = await screen.findByRole('option', { name: /errands.*Label/ });
  expect(option).toHaveTextContent('3 tasks');
});
