import { z } from 'zod';
import { type BackupArray, backupArrays } from '../domain/backup-format.ts';
import { hexColorPattern } from '../domain/colors.ts';
import { isValidDueTime } from '../domain/due-time.ts';
import { maxReminderOffsetMinutes } from '../domain/reminders.ts';
import { normaliseRule, repeatModes } from '../domain/repeat-rule.ts';
import { estimateMaxMinutes, isValidDueDate, priorities } from '../domain/task-display.ts';
import { messages } from '../messages.ts';
import { labelNameMaxLength } from './label-name.ts';
import { contentMaxLength } from './note.ts';
import { titleMaxLength } from './notebook.ts';
import { defaultReminderBodySchema } from './reminder.ts';
import { taskDescriptionMaxLength, taskTextMaxLength } from './task.ts';

/**
 * Rows of a backup file (docs/PRODUCT.md §3 entities, snake_case as the seed wrote them) and the import's answer.
 * The row schemas read both our export and the seed's: ids may be any string or number (they are
 * replaced on import), extra fields (the seed's user_id on every table, anything newer) are ignored,
 * fields the seed did not always write get defaults, booleans may be true/false or 1/0, and timestamps
 * may be any date string (stored as ISO-8601 UTC). What is parsed is what will be inserted.
 */

const oldId = z.union([
  z.string().min(1).max(200),
  z
    .number()
    .int()
    .transform((value) => String(value)),
]);

/**
 * What our own export writes (ISO-8601 UTC with milliseconds, fields in range): kept as is with no Date
 * work, which was most of the validation time of a large file (two timestamps per row).
 */
export const canonicalTimestamp =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** Any parseable date string, normalised to ISO-8601 UTC; missing: the import's own clock fills it. */
const timestamp = z
  .string()
  .transform((value, ctx) => {
    if (canonicalTimestamp.test(value)) return value;
    const time = Date.parse(value);
    if (Number.isNaN(time)) {
      ctx.issues.push({ code: 'custom', message: 'Expected a date and time', input: value });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  })
  .nullish();

/**
 * Text either database can keep: PostgreSQL's text cannot hold U+0000 and a lone UTF-16 surrogate has no
 * UTF-8 form. JSON can spell both (`\\u0000`), so they are checked after parsing, row by row.
 */
const loneSurrogate = /\p{Cs}/u;
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000') && !loneSurrogate.test(value), {
      error: messages.backup.unstorable,
    });

const position = z.number().int().min(0).max(2_147_483_647).nullish();
const title = text(titleMaxLength);
const color = z.string().regex(hexColorPattern, { error: 'Expected a colour such as #3B82F6' }).nullish();
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((value) => value === true || value === 1)
  .nullish();
/** `YYYY-MM-DD`; a full timestamp (as a date column exported by some databases) keeps its day. */
const dueDate = z
  .string()
  .transform((value) => value.slice(0, 10))
  .refine(isValidDueDate, { error: 'Expected a date such as 2025-11-05' })
  .nullish();

/** `HH:MM` on the due date; absent in files from before due times (all day). */
const dueTime = z.string().refine(isValidDueTime, { error: 'Expected a time such as 17:00' }).nullish();

const times = { created_at: timestamp, updated_at: timestamp };

export const backupNotebookSchema = z.object({ id: oldId, title, color, position, ...times });
export const backupSectionSchema = z.object({ id: oldId, notebook_id: oldId, title, position, ...times });
export const backupNoteSchema = z.object({
  id: oldId,
  section_id: oldId,
  /** Ignored on import: a page always lives in its section's notebook. */
  notebook_id: oldId.nullish(),
  title,
  content: text(contentMaxLength).nullish(),
  position,
  ...times,
});
export const backupTodoSchema = z.object({ id: oldId, title, color, position, ...times });
export const backupCategorySchema = z.object({ id: oldId, todo_id: oldId, title, position, ...times });
export const backupItemSchema = z.object({
  id: oldId,
  /** Ignored on import: a task always lives in its category's list. */
  todo_id: oldId.nullish(),
  category_id: oldId,
  text: text(taskTextMaxLength),
  completed: flag,
  due_date: dueDate,
  priority: z.enum(priorities).nullish(),
  estimated_time: z.number().int().min(0).max(estimateMaxMinutes).nullish(),
  position,
  ...times,
  // Newer than the 1.0.0 file: optional, so an older file still imports.
  due_time: dueTime,
  description: text(taskDescriptionMaxLength).nullish(),
  // Newer still: how the task repeats; a rule the app would refuse is refused here too.
  repeat_rule: z
    .string()
    .refine((rule) => normaliseRule(rule) !== null, { error: messages.todos.repeatInvalid })
    .nullish(),
  repeat_mode: z.enum(repeatModes).nullish(),
  repeat_start: dueDate,
});
export const backupSubtaskSchema = z.object({
  id: oldId,
  todo_item_id: oldId,
  text: text(taskTextMaxLength),
  completed: flag,
  position,
  ...times,
});
/** A label; its name as the API accepts it (trimmed, 1 to 60 characters). */
export const backupLabelSchema = z.object({
  id: oldId,
  name: text(labelNameMaxLength).trim().min(1),
  color,
  ...times,
});
/** Which task has which label: no id of its own, the pair is the row. */
export const backupTaskLabelSchema = z.object({ task_id: oldId, label_id: oldId });
/** A repeating task's completed or skipped occurrence (its History). */
export const backupTaskOccurrenceSchema = z.object({
  task_id: oldId,
  occurrence_date: z.string().refine(isValidDueDate, { error: 'Expected a date such as 2025-11-05' }),
  occurrence_time: dueTime,
  action: z.enum(['completed', 'skipped']),
  /** When it was done; missing: the import's own clock. */
  at: timestamp,
});
/**
 * A task's reminder: at its due time, or `offset_minutes` before it. Only the rule travels: when it fires
 * is worked out again from the task on import, and a snooze (a one-off instant) is not exported.
 */
export const backupTaskReminderSchema = z.object({
  task_id: oldId,
  kind: z.enum(['atDue', 'before']),
  offset_minutes: z.number().int().min(0).max(maxReminderOffsetMinutes),
  /** Missing: the import's own clock. */
  created_at: timestamp,
});
/** The account's default reminder for new tasks, beside the arrays (`defaultReminderMinutes`). */
export const backupDefaultReminderSchema = defaultReminderBodySchema.shape.minutes;
/** Calendar rows are read as objects only: they are never imported (a backup holds no credentials). */
export const backupCalendarRowSchema = z.object({}).loose();

export const backupRowSchemas = {
  notebooks: backupNotebookSchema,
  sections: backupSectionSchema,
  notes: backupNoteSchema,
  todos: backupTodoSchema,
  todoCategories: backupCategorySchema,
  todoItems: backupItemSchema,
  todoSubtasks: backupSubtaskSchema,
  calendarIntegrations: backupCalendarRowSchema,
  taskCalendarEvents: backupCalendarRowSchema,
  labels: backupLabelSchema,
  taskLabels: backupTaskLabelSchema,
  taskOccurrences: backupTaskOccurrenceSchema,
  taskReminders: backupTaskReminderSchema,
} as const satisfies Record<BackupArray, z.ZodType>;

export type BackupRows = { [K in BackupArray]: Array<z.output<(typeof backupRowSchemas)[K]>> };

// ---- The import's answer ----

const count = z.number().int().min(0);

/** Rows imported (or, in a dry run, that would be) per kind, in the words of docs/PRODUCT.md §8's success notice. */
export const importCountsSchema = z.object({
  notebooks: count,
  sections: count,
  notes: count,
  todoLists: count,
  categories: count,
  todoItems: count,
  subtasks: count,
  calendarIntegrations: count,
  calendarEvents: count,
  /** Labels created; a file's label whose name the account already has joins it and is not counted. */
  labels: count,
  /** Task-label links written (a pair the file lists twice is one). */
  taskLabels: count,
  /** Task reminders written (beyond a task's fifth, or one the file lists twice, none). */
  reminders: count,
  /** Files stored as attachments (a Markdown import's images and files; a JSON backup carries none). */
  files: count,
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const skippedRowSchema = z.object({
  array: z.enum(backupArrays),
  index: z.number().int().min(0),
  reason: z.string(),
});
export type SkippedRow = z.infer<typeof skippedRowSchema>;

/** At most this many skipped rows are listed one by one; `skippedCount` has them all. */
export const skippedListMax = 100;

export const importResultSchema = z.object({
  dryRun: z.boolean(),
  clearedExisting: z.boolean(),
  counts: importCountsSchema,
  skippedCount: count,
  skipped: z.array(skippedRowSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

const booleanText = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

export const importQuerySchema = z.object({
  /** Delete the account's notes and todos first, in the same transaction as the insert. */
  clearExisting: booleanText,
  /** Validate and count only; nothing is written (the preview). */
  dryRun: booleanText,
  /** The uploaded file's name: a Markdown zip's pages at its root go to a notebook named after it. */
  name: z.string().max(255).optional(),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;
