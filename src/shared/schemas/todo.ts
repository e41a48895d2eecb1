import { z } from 'zod';
import { messages } from '../messages.ts';
import { colorField, idField, nameField, newIdField } from './notebook.ts';

/**
 * Todos and their categories: request and response shapes of /api/todos/* and /api/categories/*.
 * Timestamps are ISO-8601 UTC strings; positions are the index in their parent's order.
 */

const atLeastOne = (value: object) => Object.values(value).some((field) => field !== undefined);

// ---- Todos ----

export const todoSchema = z.object({
  id: idField,
  title: z.string(),
  color: z.string(),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Todo = z.infer<typeof todoSchema>;

export const createTodoBodySchema = z.object({
  id: newIdField,
  /** Defaults to `New Todo`. */
  title: nameField.optional(),
  /** Defaults to a random one of the spec's six todo colours. */
  color: colorField.optional(),
});
export type CreateTodoBody = z.infer<typeof createTodoBodySchema>;

export const updateTodoBodySchema = z
  .object({ title: nameField.optional(), color: colorField.optional() })
  .refine(atLeastOne, { error: messages.notes.nothingToUpdate });
export type UpdateTodoBody = z.infer<typeof updateTodoBodySchema>;

// ---- Categories ----

export const categorySchema = z.object({
  id: idField,
  todoId: idField,
  title: z.string(),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const createCategoryBodySchema = z.object({
  id: newIdField,
  todoId: idField,
  /** Defaults to `New Category`. */
  title: nameField.optional(),
});
export type CreateCategoryBody = z.infer<typeof createCategoryBodySchema>;

export const updateCategoryBodySchema = z.object({ title: nameField });
export type UpdateCategoryBody = z.infer<typeof updateCategoryBodySchema>;

// ---- The todos tree (GET /api/todos/tree) ----

/** A category with how many of its tasks are open and done; the tasks themselves load per category. */
export const treeCategorySchema = categorySchema.extend({
  activeCount: z.number().int().min(0),
  doneCount: z.number().int().min(0),
});
export type TreeCategory = z.infer<typeof treeCategorySchema>;

export const treeTodoSchema = todoSchema.extend({ categories: z.array(treeCategorySchema) });
export type TreeTodo = z.infer<typeof treeTodoSchema>;

/** Todos by position, each with its categories by position. */
export const todosTreeSchema = z.object({ todos: z.array(treeTodoSchema) });
export type TodosTree = z.infer<typeof todosTreeSchema>;
