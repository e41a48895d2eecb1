import { z } from 'zod';
import { hexColorPattern } from '../domain/colors.ts';
import { messages } from '../messages.ts';

/**
 * Notebooks and sections: request and response shapes of /api/notebooks/* and /api/sections/*.
 * Timestamps are ISO-8601 UTC strings; positions are the index in their parent's order.
 */

const m = messages.notes;

export const titleMaxLength = 500;
/** The most ids one reorder names; far above any real notebook, low enough to bound the work. */
export const orderMaxIds = 10_000;

/** A name given to a notebook or section: trimmed, and not empty (docs/PRODUCT.md §2: "Renaming requires non-empty trimmed text"). */
export const nameField = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, { error: m.nameRequired })
  .max(titleMaxLength, { error: m.titleTooLong });

export const colorField = z
  .string({ error: m.colorInvalid })
  .regex(hexColorPattern, { error: m.colorInvalid })
  .meta({ example: '#3B82F6' });

export const idField = z.uuid();

/**
 * The id a create may carry: made by the client (`crypto.randomUUID()`) so the new row can show, and be
 * edited, before the server answers (offline, much later). Absent, the server makes one.
 */
export const newIdField = idField.optional().meta({
  description:
    "The new row's id, made by the client (a UUID); omitted, the server makes one. An id already in use " +
    'is refused with 409 `id_taken` and nothing is written.',
});

export const idParamsSchema = z.object({ id: idField });
export type IdParams = z.infer<typeof idParamsSchema>;

/** A parent's children in their new order: every id once (moves are allowed where the route says so). */
export const orderBodySchema = z.object({
  ids: z
    .array(idField)
    .max(orderMaxIds)
    .refine((ids) => new Set(ids).size === ids.length, { error: m.duplicateIds }),
});
export type OrderBody = z.infer<typeof orderBodySchema>;

const atLeastOne = (value: object) => Object.values(value).some((field) => field !== undefined);

// ---- Notebooks ----

export const notebookSchema = z.object({
  id: idField,
  title: z.string(),
  color: z.string(),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Notebook = z.infer<typeof notebookSchema>;

export const createNotebookBodySchema = z.object({
  id: newIdField,
  /** Defaults to `New Notebook`. */
  title: nameField.optional(),
  /** Defaults to a random one of the spec's six notebook colours. */
  color: colorField.optional(),
});
export type CreateNotebookBody = z.infer<typeof createNotebookBodySchema>;

export const updateNotebookBodySchema = z
  .object({ title: nameField.optional(), color: colorField.optional() })
  .refine(atLeastOne, { error: m.nothingToUpdate });
export type UpdateNotebookBody = z.infer<typeof updateNotebookBodySchema>;

// ---- Sections ----

export const sectionSchema = z.object({
  id: idField,
  notebookId: idField,
  title: z.string(),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Section = z.infer<typeof sectionSchema>;

export const createSectionBodySchema = z.object({
  id: newIdField,
  notebookId: idField,
  /** Defaults to `New Section`. */
  title: nameField.optional(),
});
export type CreateSectionBody = z.infer<typeof createSectionBodySchema>;

export const updateSectionBodySchema = z.object({ title: nameField });
export type UpdateSectionBody = z.infer<typeof updateSectionBodySchema>;
