import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Category, Todo, TodosTree } from '../../../../shared/schemas/todo.ts';
import { useCachedWrite } from '../../../lib/use-cached-write.ts';
import { refetchIfLost, useSnapshotWrite } from '../../../lib/use-snapshot-write.ts';
import { todoKeys, todosApi } from '../api.ts';
import * as ops from '../todos-tree-ops.ts';

/** The todos tree (todos, categories and their task counts; tasks load per category). */
export function useTodosTree(enabled = true) {
  return useQuery({ queryKey: todoKeys.tree, queryFn: ({ signal }) => todosApi.tree(signal), enabled });
}

export const setTodosTree = (client: QueryClient, change: (tree: TodosTree) => TodosTree) =>
  client.setQueryData<TodosTree>(todoKeys.tree, (tree) => (tree ? change(tree) : tree));

const useTreeWrite = <V>(
  send: (vars: V) => Promise<unknown>,
  apply: (tree: TodosTree, vars: V) => TodosTree,
) => useCachedWrite<TodosTree, V>(todoKeys.tree, send, apply);

/** The tree lost a row made here (see refetchIfLost): asked again. */
const refetchTreeIfLost = (client: QueryClient, has: (tree: TodosTree) => boolean) =>
  refetchIfLost<TodosTree>(client, todoKeys.tree, has);

/** Creates are made here with their id (new-rows.ts) and show at once; a refusal takes them away. */
export function useTodosTreeMutations() {
  return {
    createTodo: useSnapshotWrite<Todo, Todo>({
      keys: () => [todoKeys.tree],
      send: ({ id, color }) => todosApi.createTodo({ id, color }),
      apply: (c, todo) => setTodosTree(c, (tree) => ops.addTodo(tree, { ...todo, categories: [] })),
      settle: (c, _saved, { id }) => refetchTreeIfLost(c, (tree) => tree.todos.some((t) => t.id === id)),
    }),
    createCategory: useSnapshotWrite<Category, Category>({
      keys: () => [todoKeys.tree],
      send: ({ id, todoId }) => todosApi.createCategory({ id, todoId }),
      apply: (c, category) => {
        // A new category has no tasks: nothing to ask the server when it opens.
        c.setQueryData(todoKeys.tasks(category.id), { tasks: [] });
        setTodosTree(c, (tree) => ops.addCategory(tree, { ...category, activeCount: 0, doneCount: 0 }));
      },
      settle: (c, _saved, { id }) => refetchTreeIfLost(c, (tree) => ops.findCategory(tree, id) !== null),
    }),
    renameTodo: useTreeWrite(
      (v: { id: string; title: string }) => todosApi.renameTodo(v.id, v.title),
      (tree, v) => ops.renameTodo(tree, v.id, v.title),
    ),
    renameCategory: useTreeWrite(
      (v: { id: string; title: string }) => todosApi.renameCategory(v.id, v.title),
      (tree, v) => ops.renameCategory(tree, v.id, v.title),
    ),
    deleteTodo: useTreeWrite(
      (id: string) => todosApi.deleteTodo(id),
      (tree, id) => ops.removeTodo(tree, id),
    ),
    deleteCategory: useTreeWrite(
      (id: string) => todosApi.deleteCategory(id),
      (tree, id) => ops.removeCategory(tree, id),
    ),
    orderTodos: useTreeWrite(
      (ids: string[]) => todosApi.orderTodos(ids),
      (tree, ids) => ops.orderTodos(tree, ids),
    ),
    orderCategories: useTreeWrite(
      (v: { todoId: string; ids: string[] }) => todosApi.orderCategories(v.todoId, v.ids),
      (tree, v) => ops.orderCategories(tree, v.todoId, v.ids),
    ),
  };
}

export type TodosTreeMutations = ReturnType<typeof useTodosTreeMutations>;
