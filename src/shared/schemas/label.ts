import { z } from 'zod';
import { messages } from '../messages.ts';
import { labelNameField } from './label-name.ts';
import { colorField, idField, newIdField } from './notebook.ts';
import { planTaskSchema } from './plan.ts';
import { priorityField } from './task.ts';

/**
 * Labels: an account's tags for tasks across every list (/api/labels/*). A name is unique per account
 * whatever its case (409 `conflict`); a task carries at most
 * `maxLabelsPerTask` of them (task.ts, since the task's shapes carry its label ids).
 */

export const labelSchema = z.object({
  id: idField,
  name: z.string(),
  color: z.string(),
  /** How many of the user's tasks have it (the sidebar shows it). */
  taskCount: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Label = z.infer<typeof labelSchema>;

/** GET /api/labels: every label of the user, by name. */
export const labelsResponseSchema = z.object({ labels: z.array(labelSchema) });
export type LabelsResponse = z.infer<typeof labelsResponseSchema>;

export const createLabelBodySchema = z.object({
  id: newIdField,
  name: labelNameField,
  /** Defaults to a random one of `labelColors`. */
  color: colorField.optional(),
});
export type CreateLabelBody = z.infer<typeof createLabelBodySchema>;

export const updateLabelBodySchema = z
  .object({ name: labelNameField.optional(), color: colorField.optional() })
  .refine((body) => body.name !== undefined || body.color !== undefined, {
    error: messages.notes.nothingToUpdate,
  });
export type UpdateLabelBody = z.infer<typeof updateLabelBodySchema>;

/** GET /api/labels/:id/tasks: a task with the names of the list and category it sits in. */
/** A task as a label's view lists it: as Today does, its subtasks counted, its list and category named. */
export const labelTaskSchema = planTaskSchema;
export type LabelTask = z.infer<typeof labelTaskSchema>;
export const labelTasksResponseSchema = z.object({ tasks: z.array(labelTaskSchema) });
export type LabelTasksResponse = z.infer<typeof labelTasksResponseSchema>;

/** GET /api/categories/:id/tasks?labelId=&priority=: only the tasks that match every filter given. */
export const categoryTasksQuerySchema = z.object({
  labelId: idField.optional(),
  priority: priorityField.optional(),
});
export type CategoryTasksQuery = z.infer<typeof categoryTasksQuerySchema>;
