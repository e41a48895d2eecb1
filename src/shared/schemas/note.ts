import { z } from 'zod';
import { messages } from '../messages.ts';
import { idField, newIdField, notebookSchema, sectionSchema, titleMaxLength } from './notebook.ts';
import { maxUtf8Bytes } from './text-limits.ts';

/**
 * Notes (pages): request and response shapes of /api/notes/* and the workspace tree. The tree carries
 * titles only; a page's content travels when it is opened or saved.
 */

const m = messages.notes;

/** 1 Mi characters (UTF-16 code units, what the editor counts). */
export const contentMaxLength = 1024 * 1024;
/** 1 MiB of UTF-8, what the database stores: 300,000 emoji (1.2 MB) are too long (docs/PRODUCT.md §10.1). */
export const contentMaxBytes = 1024 * 1024;

/**
 * A page title as typed in the editor: kept verbatim and allowed to be empty while someone retypes it
 * (the editor then shows the placeholder `Untitled`); trimming mid-typing would eat a trailing space.
 */
export const noteTitleField = z
  .string({ error: m.nameRequired })
  .max(titleMaxLength, { error: m.titleTooLong });
export const noteContentField = maxUtf8Bytes(
  z.string({ error: m.contentTooLong }).max(contentMaxLength, { error: m.contentTooLong }),
  contentMaxBytes,
  m.contentTooLong,
);

/** What the tree and page lists show of a page: no content. */
export const noteSummarySchema = z.object({
  id: idField,
  title: z.string(),
  position: z.number().int(),
  updatedAt: z.string(),
});
export type NoteSummary = z.infer<typeof noteSummarySchema>;

/** A page without its content: the answer to a save (the client already has the text it sent). */
export const noteMetaSchema = z.object({
  id: idField,
  sectionId: idField,
  notebookId: idField,
  title: z.string(),
  position: z.number().int(),
  /** Send it back as baseVersion with the next save. */
  version: z.number().int().min(1),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NoteMeta = z.infer<typeof noteMetaSchema>;

export const noteSchema = noteMetaSchema.extend({ content: z.string() });
export type Note = z.infer<typeof noteSchema>;

export const createNoteBodySchema = z.object({
  id: newIdField,
  sectionId: idField,
  /** Defaults to `Untitled Note`. */
  title: noteTitleField.optional(),
  /** Defaults to empty. */
  content: noteContentField.optional(),
});
export type CreateNoteBody = z.infer<typeof createNoteBodySchema>;

export const updateNoteBodySchema = z
  .object({
    title: noteTitleField.optional(),
    content: noteContentField.optional(),
    /** The version this edit started from; a newer one on the server refuses the save with 409. */
    baseVersion: z.number().int().min(1),
    /**
     * The editing session (one per page opened in an app load): its saves within a few minutes of each
     * other make one version in the page's history; a new session starts a new version.
     */
    editSession: z.string().min(1).max(64).optional(),
    /** This save settles a conflict: the server's text it replaces is kept in the history first. */
    resolvesConflict: z.boolean().optional(),
  })
  .refine((body) => body.title !== undefined || body.content !== undefined, { error: m.nothingToUpdate });
export type UpdateNoteBody = z.infer<typeof updateNoteBodySchema>;

/** 409 `conflict`: the page changed since baseVersion; `current` is what the server holds now. */
export const noteConflictBodySchema = z.object({
  error: z.object({
    code: z.literal('conflict'),
    message: z.string(),
    current: noteSchema,
  }),
});
export type NoteConflictBody = z.infer<typeof noteConflictBodySchema>;

/**
 * GET /api/notes/index: every page of the user, just enough to find it by name (the command palette matches
 * titles on the client; places come from the tree). Ordered by section, then position.
 */
export const noteIndexItemSchema = z.object({ id: idField, sectionId: idField, title: z.string() });
export type NoteIndexItem = z.infer<typeof noteIndexItemSchema>;
export const noteIndexResponseSchema = z.object({ notes: z.array(noteIndexItemSchema) });
export type NoteIndexResponse = z.infer<typeof noteIndexResponseSchema>;

export const sectionNotesResponseSchema = z.object({ notes: z.array(noteSummarySchema) });
export type SectionNotesResponse = z.infer<typeof sectionNotesResponseSchema>;

// ---- The workspace tree ----

/**
 * GET /api/notes/tree?pages=…: `titles` (the default) lists every page of every section; `count` gives
 * each section's page count only, and the client asks a section's pages when it opens
 * (GET /api/sections/:id/notes): 100,000 titles are megabytes, the sections alone a few kilobytes.
 */
export const notesTreeQuerySchema = z.object({ pages: z.enum(['titles', 'count']).default('titles') });
export type NotesTreeQuery = z.infer<typeof notesTreeQuerySchema>;

/** A section in the tree with `pages=count`: its page count, not its pages. */
export const outlineSectionSchema = sectionSchema.extend({ noteCount: z.number().int().min(0) });
export type OutlineSection = z.infer<typeof outlineSectionSchema>;

export const outlineNotebookSchema = notebookSchema.extend({ sections: z.array(outlineSectionSchema) });
export type OutlineNotebook = z.infer<typeof outlineNotebookSchema>;

/** Notebooks by position, each with its sections by position and their page counts. */
export const notesOutlineSchema = z.object({ notebooks: z.array(outlineNotebookSchema) });
export type NotesOutline = z.infer<typeof notesOutlineSchema>;

export const treeSectionSchema = outlineSectionSchema.extend({ notes: z.array(noteSummarySchema) });
export type TreeSection = z.infer<typeof treeSectionSchema>;

export const treeNotebookSchema = notebookSchema.extend({ sections: z.array(treeSectionSchema) });
export type TreeNotebook = z.infer<typeof treeNotebookSchema>;

/** Notebooks by position, each with its sections by position, each with its pages by position. */
export const notesTreeSchema = z.object({ notebooks: z.array(treeNotebookSchema) });
export type NotesTree = z.infer<typeof notesTreeSchema>;
