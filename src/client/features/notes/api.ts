import { z } from 'zod';
import {
  type CreateNoteBody,
  noteIndexResponseSchema,
  noteMetaSchema,
  noteSchema,
  notesOutlineSchema,
  sectionNotesResponseSchema,
  type UpdateNoteBody,
} from '../../../shared/schemas/note.ts';
import {
  noteVersionSchema,
  noteVersionsResponseSchema,
  restoreNoteVersionResponseSchema,
} from '../../../shared/schemas/note-history.ts';
import {
  type CreateNotebookBody,
  type CreateSectionBody,
  notebookSchema,
  sectionSchema,
} from '../../../shared/schemas/notebook.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { treePath } from './early-tree.ts';

/** The notes API (notebooks, sections, pages); every answer is checked against the shared schemas. */

const empty = z.unknown();

export const noteKeys = {
  tree: ['notes', 'tree'] as const,
  /** Every section's page list (the prefix of `pages`). */
  allPages: ['notes', 'pages'] as const,
  pages: (sectionId: string) => ['notes', 'pages', sectionId] as const,
  /** Every page in brief, for the command palette (not under `allPages`: no section's list). */
  index: ['notes', 'index'] as const,
  note: (id: string) => ['notes', 'note', id] as const,
  /** A page's history (list), and one version's text. */
  versions: (id: string) => ['notes', 'versions', id] as const,
  version: (id: string, versionId: string) => ['notes', 'versions', id, versionId] as const,
};

export const notesApi = {
  /** Notebooks and sections with page counts; a section's pages come with `sectionNotes` (docs/performance.md). */
  tree: (signal?: AbortSignal) => apiRequest(treePath, notesOutlineSchema, { signal }),
  /** The tree's JSON from the request the page started as it booted (early-tree.ts); undefined if not one. */
  checkTree: (body: unknown) => notesOutlineSchema.safeParse(body).data,
  sectionNotes: (sectionId: string, signal?: AbortSignal) =>
    apiRequest(`/api/sections/${sectionId}/notes`, sectionNotesResponseSchema, { signal }),
  /** Every page's id, section and title (the command palette's). */
  index: (signal?: AbortSignal) => apiRequest('/api/notes/index', noteIndexResponseSchema, { signal }),
  note: (id: string, signal?: AbortSignal) => apiRequest(`/api/notes/${id}`, noteSchema, { signal }),
  /** Ordered behind the outbox's changes (a page made offline exists first) but kept by the saver's draft. */
  saveNote: (id: string, body: UpdateNoteBody) =>
    apiRequest(`/api/notes/${id}`, noteMetaSchema, { method: 'PATCH', body, outbox: 'ordered' }),
  /** A page with the id the client made (it shows before the answer); title and content the server's defaults. */
  createNote: (body: Pick<CreateNoteBody, 'id' | 'sectionId'>) =>
    apiRequest('/api/notes', noteSchema, { method: 'POST', body }),
  deleteNote: (id: string) => apiRequest(`/api/notes/${id}`, empty, { method: 'DELETE' }),
  orderNotes: (sectionId: string, ids: string[]) =>
    apiRequest(`/api/sections/${sectionId}/notes/order`, empty, { method: 'PUT', body: { ids } }),
  versions: (id: string, signal?: AbortSignal) =>
    apiRequest(`/api/notes/${id}/versions`, noteVersionsResponseSchema, { signal }),
  version: (id: string, versionId: string, signal?: AbortSignal) =>
    apiRequest(`/api/notes/${id}/versions/${versionId}`, noteVersionSchema, { signal }),
  restoreVersion: (id: string, versionId: string, baseVersion: number) =>
    apiRequest(`/api/notes/${id}/versions/${versionId}/restore`, restoreNoteVersionResponseSchema, {
      method: 'POST',
      body: { baseVersion },
    }),

  createNotebook: (body: Pick<CreateNotebookBody, 'id' | 'color'>) =>
    apiRequest('/api/notebooks', notebookSchema, { method: 'POST', body }),
  renameNotebook: (id: string, title: string) =>
    apiRequest(`/api/notebooks/${id}`, notebookSchema, { method: 'PATCH', body: { title } }),
  deleteNotebook: (id: string) => apiRequest(`/api/notebooks/${id}`, empty, { method: 'DELETE' }),
  orderNotebooks: (ids: string[]) =>
    apiRequest('/api/notebooks/order', empty, { method: 'PUT', body: { ids } }),

  createSection: (body: Pick<CreateSectionBody, 'id' | 'notebookId'>) =>
    apiRequest('/api/sections', sectionSchema, { method: 'POST', body }),
  renameSection: (id: string, title: string) =>
    apiRequest(`/api/sections/${id}`, sectionSchema, { method: 'PATCH', body: { title } }),
  deleteSection: (id: string) => apiRequest(`/api/sections/${id}`, empty, { method: 'DELETE' }),
  orderSections: (notebookId: string, ids: string[]) =>
    apiRequest(`/api/notebooks/${notebookId}/sections/order`, empty, { method: 'PUT', body: { ids } }),
};
