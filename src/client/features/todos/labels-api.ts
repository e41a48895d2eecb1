import { z } from 'zod';
import {
  type CreateLabelBody,
  labelSchema,
  labelsResponseSchema,
  labelTasksResponseSchema,
  type UpdateLabelBody,
} from '../../../shared/schemas/label.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** The labels API as the todos view calls it; answers checked against the shared schemas. */

const empty = z.unknown();

export const labelKeys = {
  /** Under `todos`, so whatever refreshes the todos view refreshes the labels' counts too. */
  all: ['todos', 'labels'] as const,
  tasks: (labelId: string) => ['todos', 'label-tasks', labelId] as const,
  allTasks: ['todos', 'label-tasks'] as const,
};

export const labelsApi = {
  list: (signal?: AbortSignal) => apiRequest('/api/labels', labelsResponseSchema, { signal }),
  create: (body: CreateLabelBody) => apiRequest('/api/labels', labelSchema, { method: 'POST', body }),
  update: (id: string, body: UpdateLabelBody) =>
    apiRequest(`/api/labels/${id}`, labelSchema, { method: 'PATCH', body }),
  remove: (id: string) => apiRequest(`/api/labels/${id}`, empty, { method: 'DELETE' }),
  tasks: (id: string, signal?: AbortSignal) =>
    apiRequest(`/api/labels/${id}/tasks`, labelTasksResponseSchema, { signal }),
};
