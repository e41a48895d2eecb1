import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { TodosTree } from '../../../../shared/schemas/todo.ts';
import { useCachedCreate, useCachedWrite } from '../../../lib/use-cached-write.ts';
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

const useTreeCreate = <V, R>(
  send: (vars: V) => Promise<R>,
  apply: (tree: TodosTree, result: R, vars: V) => TodosTree,
) => useCachedCreate<TodosTree, V, R>(todoKeys.tree, send, apply);

export function useTodosTreeMutations() {
  return {
    createTodo: useTreeCreate(
      () => todosApi.createTodo(),
      (tree, todo) => ops.addTodo(tree, { ...todo, categories: [] }),
    ),
    createCategory: useTreeCreate(
      (todoId: string) => todosApi.createCategory(todoId),
      (tree, category) => ops.addCategory(tree, { ...category, activeCount: 0, doneCount: 0 }),
    ),
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
