import { describe, expect, it } from 'vitest';
import type { TaskListItem } from '../../../shared/schemas/task.ts';
import type { TodosTree } from '../../../shared/schemas/todo.ts';
import { entry, sentences, times } from '../../components/tree/drag-announcements-test-helpers.ts';
import { todosDragModel } from './todos-drag-model.ts';

describe('drag announcements in the todos tree', () => {
  const category = (id: string, todoId: string, title: string, position: number) => ({
    id,
    todoId,
    title,
    position,
    activeCount: 0,
    doneCount: 0,
    ...times,
  });
  const todos = {
    todos: [
      {
        id: 'l-errands',
        title: 'Errands',
        color: '#3B82F6',
        position: 0,
        ...times,
        categories: [
          category('c-shop', 'l-errands', 'Shopping', 0),
          category('c-home', 'l-errands', 'Home', 1),
        ],
      },
      { id: 'l-work', title: 'Work', color: '#10B981', position: 1, ...times, categories: [] },
    ],
  } as unknown as TodosTree;
  const task = (id: string, categoryId: string, text: string) => ({ id, categoryId, text }) as TaskListItem;
  const loaded: Record<string, TaskListItem[]> = {
    'c-shop': [task('t-milk', 'c-shop', 'Milk'), task('t-bread', 'c-shop', 'Bread')],
  };
  const say = sentences(todosDragModel(todos, (id) => loaded[id]));
  const milk = entry({ kind: 'task', id: 't-milk', parentId: 'c-shop' });

  it('names tasks, categories and lists', () => {
    expect(say.onDragStart({ active: milk })).toBe('Picked up task "Milk".');
    expect(
      say.onDragOver({ active: milk, over: entry({ kind: 'task', id: 't-bread', parentId: 'c-shop' }) }),
    ).toBe('Moved task "Milk" to category "Shopping", position 2 of 2.');
    expect(
      say.onDragOver({
        active: entry({ kind: 'category', id: 'c-home', parentId: 'l-errands' }),
        over: entry({ kind: 'todo', id: 'l-work', parentId: null }),
      }),
    ).toBe('Moved category "Home" to list "Work", position 1 of 1.');
    expect(
      say.onDragEnd({
        active: entry({ kind: 'todo', id: 'l-work', parentId: null }),
        over: entry({ kind: 'todo', id: 'l-errands', parentId: null }),
      }),
    ).toBe('Dropped list "Work" at position 1 of 2.');
  });

  it('sends a task to the end of a category whose tasks are not loaded', () => {
    expect(
      say.onDragOver({
        active: milk,
        over: entry({ kind: 'category', id: 'c-home', parentId: 'l-errands' }),
      }),
    ).toBe('Moved task "Milk" to the end of category "Home".');
  });
});
