import { z } from 'zod';
import { messages } from '../messages.ts';
import { idField } from './notebook.ts';

/**
 * GET /api/search: case-insensitive substring search over the signed-in user's notes (title or
 * content), their tasks (text, or the name of one of their labels) and their labels (name).
 */

export const searchQueryMaxLength = 200;
/** At most this many hits per kind, most recently updated first. */
export const searchResultLimit = 50;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: messages.search.queryRequired })
    .trim()
    .min(1, { error: messages.search.queryRequired })
    .max(searchQueryMaxLength, { error: messages.search.queryTooLong }),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Where the match sits inside `snippet`, so a client can highlight it; null when it is not shown. */
export const snippetMatchSchema = z.object({
  start: z.number().int().min(0),
  length: z.number().int().min(1),
});

export const noteSearchHitSchema = z.object({
  id: idField,
  notebookId: idField,
  sectionId: idField,
  title: z.string(),
  /** A short stretch of the content around the first match (or its beginning when only the title matched). */
  snippet: z.string(),
  match: snippetMatchSchema.nullable(),
  updatedAt: z.string(),
});
export type NoteSearchHit = z.infer<typeof noteSearchHitSchema>;

export const taskSearchHitSchema = z.object({
  id: idField,
  todoId: idField,
  categoryId: idField,
  text: z.string(),
  completed: z.boolean(),
  /** The task's text around the first match (the whole text when it is short). */
  snippet: z.string(),
  match: snippetMatchSchema.nullable(),
  updatedAt: z.string(),
});
export type TaskSearchHit = z.infer<typeof taskSearchHitSchema>;

export const labelSearchHitSchema = z.object({
  id: idField,
  name: z.string(),
  color: z.string(),
});
export type LabelSearchHit = z.infer<typeof labelSearchHitSchema>;

export const searchResponseSchema = z.object({
  notes: z.array(noteSearchHitSchema),
  /**
   * Tasks whose text matches, or that have a label whose name matches (then `match` is null), most
   * recently updated first.
   */
  tasks: z.array(taskSearchHitSchema),
  /** Labels whose name matches, by name. */
  labels: z.array(labelSearchHitSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
