import type { TodosTree, TreeCategory, TreeTodo } from '../../../shared/schemas/todo.ts';

/**
 * Pure edits of the cached todos tree, the same ones the server makes: the optimistic half of every
 * mutation. Positions are rewritten as the array index (docs/PRODUCT.md §4.4).
 */

const reindex = <T extends { position: number }>(items: T[]): T[] =>
  items.map((item, position) => (item.position === position ? item : { ...item, position }));

export function findCategory(tree: TodosTree, categoryId: string) {
  for (const todo of tree.todos) {
    const category = todo.categories.find((c) => c.id === categoryId);
    if (category) return { todo, category };
  }
  return null;
}

const mapTodos = (tree: TodosTree, fn: (todo: TreeTodo) => TreeTodo): TodosTree => ({
  todos: tree.todos.map(fn),
});

const mapCategories = (tree: TodosTree, fn: (category: TreeCategory) => TreeCategory): TodosTree =>
  mapTodos(tree, (todo) => ({ ...todo, categories: todo.categories.map(fn) }));

export const addTodo = (tree: TodosTree, todo: TreeTodo): TodosTree => ({ todos: [...tree.todos, todo] });

export const addCategory = (tree: TodosTree, category: TreeCategory): TodosTree =>
  mapTodos(tree, (todo) =>
    todo.id === category.todoId ? { ...todo, categories: [...todo.categories, category] } : todo,
  );

export const renameTodo = (tree: TodosTree, id: string, title: string): TodosTree =>
  mapTodos(tree, (todo) => (todo.id === id ? { ...todo, title } : todo));

export const renameCategory = (tree: TodosTree, id: string, title: string): TodosTree =>
  mapCategories(tree, (category) => (category.id === id ? { ...category, title } : category));

export const removeTodo = (tree: TodosTree, id: string): TodosTree => ({
  todos: reindex(tree.todos.filter((t) => t.id !== id)),
});

export const removeCategory = (tree: TodosTree, id: string): TodosTree =>
  mapTodos(tree, (todo) =>
    todo.categories.some((c) => c.id === id)
      ? { ...todo, categories: reindex(todo.categories.filter((c) => c.id !== id)) }
      : todo,
  );

/** Moves task counts between categories (a task created, deleted, completed, reopened or moved). */
export const adjustCounts = (
  tree: TodosTree,
  categoryId: string,
  change: { active?: number; done?: number },
): TodosTree =>
  mapCategories(tree, (category) =>
    category.id === categoryId
      ? {
          ...category,
          activeCount: Math.max(0, category.activeCount + (change.active ?? 0)),
          doneCount: Math.max(0, category.doneCount + (change.done ?? 0)),
        }
      : category,
  );

export function orderTodos(tree: TodosTree, ids: string[]): TodosTree {
  const byId = new Map(tree.todos.map((t) => [t.id, t]));
  return { todos: reindex(ids.flatMap((id) => byId.get(id) ?? [])) };
}

/** `ids` becomes the todo's categories in order; a listed category of another todo moves here. */
export function orderCategories(tree: TodosTree, todoId: string, ids: string[]): TodosTree {
  const moving = new Set(ids);
  const byId = new Map(tree.todos.flatMap((t) => t.categories.map((c) => [c.id, c] as const)));
  return mapTodos(tree, (todo) => {
    if (todo.id === todoId) {
      const categories = ids.flatMap((id) => {
        const category = byId.get(id);
        return category ? [{ ...category, todoId }] : [];
      });
      return { ...todo, categories: reindex(categories) };
    }
    if (!todo.categories.some((c) => moving.has(c.id))) return todo;
    return { ...todo, categories: reindex(todo.categories.filter((c) => !moving.has(c.id))) };
  });
}
