import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, orderBodySchema } from '../../../shared/schemas/notebook.ts';
import {
  createTodoBodySchema,
  todoSchema,
  todosTreeSchema,
  updateTodoBodySchema,
} from '../../../shared/schemas/todo.ts';
import type { AppDeps } from '../../deps.ts';
import { createErrors, noContent, noStore, readErrors, writeErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import { orderCategories } from './categories.service.ts';
import { changeTodo, createTodo, loadTodosTree, removeTodo, reorderTodos } from './todos.service.ts';

const tags = ['todos'];

/** /api/todos/*: the signed-in user's todo lists, the todos tree, and each list's category order. */
export function todoRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);

    app.get(
      '/api/todos/tree',
      {
        schema: {
          tags,
          summary: 'Todos and their categories with open/done task counts (no tasks)',
          response: { 200: todosTreeSchema, ...readErrors },
        },
      },
      async (request) => loadTodosTree(deps, currentUser(request).userId),
    );

    app.post(
      '/api/todos',
      {
        schema: {
          tags,
          summary: 'Create a todo at the end (New Todo, random colour, unless given)',
          body: createTodoBodySchema,
          response: { 201: todoSchema, ...createErrors },
        },
      },
      async (request, reply) => {
        const todo = await createTodo(deps, currentUser(request).userId, request.body);
        return reply.code(201).send(todo);
      },
    );

    app.patch(
      '/api/todos/:id',
      {
        schema: {
          tags,
          summary: 'Rename a todo or change its colour',
          params: idParamsSchema,
          body: updateTodoBodySchema,
          response: { 200: todoSchema, ...writeErrors },
        },
      },
      async (request) => changeTodo(deps, currentUser(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/api/todos/:id',
      {
        schema: {
          tags,
          summary: 'Delete a todo with its categories, tasks and subtasks',
          params: idParamsSchema,
          response: { 204: noContent, ...writeErrors },
        },
      },
      async (request, reply) => {
        await removeTodo(deps, currentUser(request).userId, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/api/todos/order',
      {
        schema: {
          tags,
          summary: "Reorder the user's todos",
          description: 'ids names every todo of the user once; positions become the index. One transaction.',
          body: orderBodySchema,
          response: { 204: noContent, ...writeErrors },
        },
      },
      async (request, reply) => {
        await reorderTodos(deps, currentUser(request).userId, request.body.ids);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/api/todos/:id/categories/order',
      {
        schema: {
          tags,
          summary: "Reorder a todo's categories, moving listed categories into it",
          description:
            'ids must include every category already in the todo; a listed category of another todo ' +
            "moves here and its tasks' todo follows. Positions become the index. One transaction.",
          params: idParamsSchema,
          body: orderBodySchema,
          response: { 204: noContent, ...writeErrors },
        },
      },
      async (request, reply) => {
        await orderCategories(deps, currentUser(request).userId, request.params.id, request.body.ids);
        return reply.code(204).send(null);
      },
    );
  };
}
