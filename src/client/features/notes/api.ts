import { z } from 'zod';
import {
  noteMetaSchema,
  noteSchema,
  notesTreeSchema,
  type UpdateNoteBody,
} from '../../../shared/schemas/note.ts';
import { notebookSchema, sectionSchema } from '../../../shared/schemas/notebook.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** The notes API (notebooks, sections, pages); every answer is checked against the shared schemas. */

const empty = z.unknown();

export const noteKeys = {
  tree: ['notes', 'tree'] as const,
  note: (id: string) => ['notes', 'note', id] as const,
};

export const notesApi = {
  tree: (signal?: AbortSignal) => apiRequest('/api/notes/tree', notesTreeSchema, { signal }),
  note: (id: string, signal?: AbortSignal) => apiRequest(`/api/notes/${id}`, noteSchema, { signal }),
  saveNote: (id: string, body: UpdateNoteBody) =>
    apiRequest(`/api/notes/${id}`, noteMetaSchema, { method: 'PATCH', body }),
  createNote: (sectionId: string) =>
    apiRequest('/api/notes', noteSchema, { method: 'POST', body: { sectionId } }),
  deleteNote: (id: string) => apiRequest(`/api/notes/${id}`, empty, { method: 'DELETE' }),
  orderNotes: (sectionId: string, ids: string[]) =>
    apiRequest(`/api/sections/${sectionId}/notes/order`, empty, { method: 'PUT', body: { ids } }),

  createNotebook: () => apiRequest('/api/notebooks', notebookSchema, { method: 'POST', body: {} }),
  renameNotebook: (id: string, title: string) =>
    apiRequest(`/api/notebooks/${id}`, notebookSchema, { method: 'PATCH', body: { title } }),
  deleteNotebook: (id: string) => apiRequest(`/api/notebooks/${id}`, empty, { method: 'DELETE' }),
  orderNotebooks: (ids: string[]) =>
    apiRequest('/api/notebooks/order', empty, { method: 'PUT', body: { ids } }),

  createSection: (notebookId: string) =>
    apiRequest('/api/sections', sectionSchema, { method: 'POST', body: { notebookId } }),
  renameSection: (id: string, title: string) =>
    apiRequest(`/api/sections/${id}`, sectionSchema, { method: 'PATCH', body: { title } }),
  deleteSection: (id: string) => apiRequest(`/api/sections/${id}`, empty, { method: 'DELETE' }),
  orderSections: (notebookId: string, ids: string[]) =>
    apiRequest(`/api/notebooks/${notebookId}/sections/order`, empty, { method: 'PUT', body: { ids } }),
};
