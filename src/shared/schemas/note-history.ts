import { z } from 'zod';
import { noteSchema } from './note.ts';
import { idField } from './notebook.ts';

/**
 * Page history: a page's versions (newest first), one version's text, and restoring one.
 * `edit`: what an editing session saved (its typing coalesced); `before-restore` and `before-conflict`:
 * the text a restore or a conflict resolution replaced, kept so that step can be undone; `before-edit`:
 * the text an editing session started from when no version held it (a page never edited, such as a new
 * account's starter page or an imported one, or one whose older versions were pruned).
 */
export const noteVersionReasons = ['edit', 'before-restore', 'before-conflict', 'before-edit'] as const;
export const noteVersionReasonSchema = z.enum(noteVersionReasons);
export type NoteVersionReason = z.infer<typeof noteVersionReasonSchema>;

/** One version in the History list: no text. */
export const noteVersionSummarySchema = z.object({
  id: idField,
  reason: noteVersionReasonSchema,
  title: z.string(),
  /** Characters of the page's text. */
  size: z.number().int().min(0),
  /** The page version whose text this is. */
  pageVersion: z.number().int().min(1),
  createdAt: z.string(),
  /** When this version was last saved (typing coalesces into it): its time in the list. */
  savedAt: z.string(),
});
export type NoteVersionSummary = z.infer<typeof noteVersionSummarySchema>;

export const noteVersionsResponseSchema = z.object({ versions: z.array(noteVersionSummarySchema) });
export type NoteVersionsResponse = z.infer<typeof noteVersionsResponseSchema>;

export const noteVersionSchema = noteVersionSummarySchema.extend({
  content: z.string(),
  /** The page version the editing session started from (null for kept text). */
  baseVersion: z.number().int().min(1).nullable(),
});
export type NoteVersion = z.infer<typeof noteVersionSchema>;

export const noteVersionParamsSchema = z.object({ id: idField, versionId: idField });
export type NoteVersionParams = z.infer<typeof noteVersionParamsSchema>;

export const restoreNoteVersionBodySchema = z.object({
  /** The page version on screen; a newer one on the server refuses the restore with 409. */
  baseVersion: z.number().int().min(1),
});
export type RestoreNoteVersionBody = z.infer<typeof restoreNoteVersionBodySchema>;

export const restoreNoteVersionResponseSchema = z.object({
  note: noteSchema,
  /** The version holding the text the restore replaced: restoring it undoes the restore. */
  previousVersionId: idField,
});
export type RestoreNoteVersionResponse = z.infer<typeof restoreNoteVersionResponseSchema>;
