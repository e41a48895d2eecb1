import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/notebook.ts';
import {
  categorySchema,
  createCategoryBodySchema,
  updateCategoryBodySchema,
} from '../../../shared/schemas/todo.ts';
import type { AppDeps } from '../../deps.ts';
import { createErrors, noContent, noStore, writeErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import { changeCategory, createCategory, removeCategory } from './categories.service.ts';

const tags = ['todos'];

/** /api/categories/*: categories of the user's todos (a category's tasks: tasks.routes.ts). */
export function categoryRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);

    app.post(
      '/api/categories',
      {
        schema: {
          tags,
          summary: 'Create a category at the end of a todo (New Category unless named)',
          body: createCategoryBodySchema,
          response: { 201: categorySchema, ...createErrors },
        },
      },
      async (request, reply) => {
        const category = await createCategory(deps, currentUser(request).userId, request.body);
        return reply.code(201).send(category);
      },
    );

    app.patch(
      '/api/categories/:id',
      {
        schema: {
          tags,
          summary: 'Rename a category',
          params: idParamsSchema,
          body: updateCategoryBodySchema,
          response: { 200: categorySchema, ...writeErrors },
        },
      },
      async (request) => changeCategory(deps, currentUser(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/api/categories/:id',
      {
        schema: {
          tags,
          summary: 'Delete a category with its tasks and their subtasks',
          params: idParamsSchema,
          response: { 204: noContent, ...writeErrors },
        },
      },
      async (request, reply) => {
        await removeCategory(deps, currentUser(request).userId, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
