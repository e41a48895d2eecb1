import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import { categoryTasksQuerySchema } from '../../../shared/schemas/label.ts';
import { idParamsSchema, orderBodySchema } from '../../../shared/schemas/notebook.ts';
import {
  categoryTasksResponseSchema,
  createTaskBodySchema,
  taskDetailSchema,
  taskIndexResponseSchema,
  taskSchema,
  updateTaskBodySchema,
} from '../../../shared/schemas/task.ts';
import type { AppDeps } from '../../deps.ts';
import { createErrors, noContent, noStore, readErrors, writeErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import {
  changeTask,
  createTask,
  getTask,
  listTasksOfCategory,
  orderTasks,
  removeTask,
  taskIndex,
} from './tasks.service.ts';

const tags = ['tasks'];

/** /api/tasks/* and a category's task list and order. */
export function taskRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);

    app.get(
      '/api/categories/:id/tasks',
      {
        schema: {
          tags,
          summary: "A category's tasks in order, with their subtasks counted and their label ids",
          description:
            'labelId and priority keep only the tasks with that label and that priority (both: both). ' +
            "A label id that is not the user's matches nothing.",
          params: idParamsSchema,
          querystring: categoryTasksQuerySchema,
          response: { 200: categoryTasksResponseSchema, ...readErrors },
        },
      },
      async (request) => ({
        tasks: await listTasksOfCategory(deps, currentUser(request).userId, request.params.id, request.query),
      }),
    );

    app.put(
      '/api/categories/:id/tasks/order',
      {
        schema: {
          tags,
          summary: "Reorder a category's tasks, moving listed tasks into it",
          description:
            'ids must include every task already in the category; a listed task of another category moves ' +
            "here and takes this category's todo. Positions become the index. One transaction.",
          params: idParamsSchema,
          body: orderBodySchema,
          response: { 204: noContent, ...writeErrors },
        },
      },
      async (request, reply) => {
        await orderTasks(deps, currentUser(request).userId, request.params.id, request.body.ids);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/tasks',
      {
        schema: {
          tags,
          summary: 'Create a task at the end of a category (New Task unless given)',
          description: "Without categoryId the task goes to the todo's `No Category`, created when missing.",
          body: createTaskBodySchema,
          response: { 201: taskSchema, ...createErrors },
        },
      },
      async (request, reply) => {
        const task = await createTask(deps, currentUser(request).userId, request.body);
        return reply.code(201).send(task);
      },
    );

    app.get(
      '/api/tasks/index',
      {
        schema: {
          tags,
          summary: "Every task's id, category, text and completion, to find any task by name",
          description:
            'For the command palette: it matches names on the client, at once, including tasks of ' +
            'categories not opened yet. Ordered by category, then position.',
          response: { 200: taskIndexResponseSchema, ...readErrors },
        },
      },
      async (request) => ({ tasks: await taskIndex(deps, currentUser(request).userId) }),
    );

    app.get(
      '/api/tasks/:id',
      {
        schema: {
          tags,
          summary: 'A task with its subtasks in order',
          params: idParamsSchema,
          response: { 200: taskDetailSchema, ...readErrors },
        },
      },
      async (request) => getTask(deps, currentUser(request).userId, request.params.id),
    );

    app.patch(
      '/api/tasks/:id',
      {
        schema: {
          tags,
          summary: "Edit a task's text, completion, due date, priority, estimate or labels",
          description:
            'completed: true while any subtask is open answers 409 `incomplete_subtasks` and changes nothing. ' +
            'estimatedTime is minutes; 0 or null clears it. dueDate is YYYY-MM-DD or null. ' +
            "labelIds replaces the task's labels (at most 20; another user's label id is 404). " +
            'repeat sets ({ rule, mode }, needs a due date) or clears (null) how it repeats; completing a ' +
            'repeating task records its current occurrence (or `occurrence`, a no-op when already recorded, ' +
            '409 `conflict` when neither current nor recorded) and moves the due date to the next one, ' +
            'leaving it open, or completes it when the rule has ended.',
          params: idParamsSchema,
          body: updateTaskBodySchema,
          response: { 200: taskSchema, 409: errorBodySchema, ...writeErrors },
        },
      },
      async (request) => changeTask(deps, currentUser(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/api/tasks/:id',
      {
        schema: {
          tags,
          summary: 'Delete a task with its subtasks',
          params: idParamsSchema,
          response: { 204: noContent, ...writeErrors },
        },
      },
      async (request, reply) => {
        await removeTask(deps, currentUser(request).userId, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
