import { z } from 'zod';
import { isValidDueTime } from '../domain/due-time.ts';
import { normaliseRule, repeatModes, repeatRuleMaxLength } from '../domain/repeat-rule.ts';
import { estimateMaxMinutes, isValidDueDate, priorities } from '../domain/task-display.ts';
import { messages } from '../messages.ts';
import { labelNameField, labelNameKey } from './label-name.ts';
import { idField, newIdField } from './notebook.ts';
import { maxUtf8Bytes } from './text-limits.ts';

/**
 * Tasks (todo_items) and their subtasks: request and response shapes of /api/tasks/*, /api/subtasks/* and
 * GET /api/categories/:id/tasks. Timestamps are ISO-8601 UTC strings; positions are the index in their
 * parent's order.
 */

const m = messages.todos;

export const taskTextMaxLength = 1000;
/**
 * UTF-8 bytes: 1000 code units take at most 3000 (a BMP character is 3 bytes, a surrogate pair 4 for two
 * units), so this states the storage bound rather than narrowing the character limit.
 */
export const taskTextMaxBytes = 3 * taskTextMaxLength;

/** Task and subtask text: trimmed and not blank (docs/PRODUCT.md §5: "A new subtask needs non-blank trimmed text"). */
export const taskTextField = maxUtf8Bytes(
  z
    .string({ error: m.textRequired })
    .trim()
    .min(1, { error: m.textRequired })
    .max(taskTextMaxLength, { error: m.textTooLong }),
  taskTextMaxBytes,
  m.textTooLong,
);

export const priorityField = z.enum(priorities, { error: m.priorityInvalid });

/** A calendar day `YYYY-MM-DD`, or null to clear it. */
export const dueDateField = z
  .string({ error: m.dueDateInvalid })
  .refine(isValidDueDate, { error: m.dueDateInvalid })
  .meta({ example: '2025-11-05' });

/** Wall-clock `HH:MM` (24 h) on the due date, in the account's time zone; null = all day. */
export const dueTimeField = z
  .string({ error: m.dueTimeInvalid })
  .refine(isValidDueTime, { error: m.dueTimeInvalid })
  .meta({ example: '17:00' });

/** Markdown, like a page's content but bounded for a task: 20,000 characters (and 4× that in UTF-8 bytes). */
export const taskDescriptionMaxLength = 20_000;
export const taskDescriptionField = maxUtf8Bytes(
  z.string({ error: m.descriptionTooLong }).max(taskDescriptionMaxLength, { error: m.descriptionTooLong }),
  4 * taskDescriptionMaxLength,
  m.descriptionTooLong,
);

/** A body that gives a time must give a date too, or the time would be due on no day. */
const timeNeedsDate = (body: { dueDate?: string | null; dueTime?: string | null }) =>
  !body.dueTime || body.dueDate !== null;

/** Minutes; 0 is stored as null (docs/PRODUCT.md §5: "null if zero"). */
export const estimatedTimeField = z
  .number({ error: m.estimateInvalid })
  .int({ error: m.estimateInvalid })
  .min(0, { error: m.estimateInvalid })
  .max(estimateMaxMinutes, { error: m.estimateInvalid });

/** Enough for any real tagging scheme, small enough that a task row's chips stay readable. */
export const maxLabelsPerTask = 20;

/** A task's whole set of labels (PATCH /api/tasks/:id `labelIds`): replaces the previous set. */
export const labelIdsField = z
  .array(idField)
  .max(maxLabelsPerTask, { error: messages.labels.tooManyOnTask })
  .refine((ids) => new Set(ids).size === ids.length, { error: messages.labels.duplicateIds });

/**
 * Labels by name (quick add's `#errands`): an existing label whatever its case, else created in the
 * task's own transaction, so a refused task leaves no new label behind.
 */
export const labelNamesField = z
  .array(labelNameField)
  .max(maxLabelsPerTask, { error: messages.labels.tooManyOnTask });

/** `labelIds` and `labelNames` together stay within a task's labels. */
const labelsFit = (body: { labelIds?: string[]; labelNames?: string[] }) =>
  (body.labelIds?.length ?? 0) + new Set(body.labelNames?.map(labelNameKey)).size <= maxLabelsPerTask;

/**
 * A repeat: an RFC 5545 RRULE (FREQ DAILY/WEEKLY/MONTHLY/YEARLY, INTERVAL, BYDAY with nth weekdays,
 * BYMONTHDAY, BYMONTH, BYSETPOS, COUNT or UNTIL) and a mode; stored normalised (one spelling, UNTIL a
 * day). `afterCompletion` takes only FREQ, INTERVAL and an end.
 */
export const repeatSettingSchema = z
  .object({
    rule: z
      .string({ error: m.repeatInvalid })
      .max(repeatRuleMaxLength, { error: m.repeatInvalid })
      .meta({ example: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH' }),
    mode: z.enum(repeatModes, { error: m.repeatModeInvalid }).default('fixed'),
  })
  .superRefine((value, ctx) => {
    if (normaliseRule(value.rule, value.mode) === null) {
      ctx.addIssue({ code: 'custom', message: m.repeatInvalid, path: ['rule'] });
    }
  })
  .overwrite((value) => ({ ...value, rule: normaliseRule(value.rule, value.mode) ?? value.rule }));
export type RepeatSettingBody = z.infer<typeof repeatSettingSchema>;

/** The occurrence a completion or skip is for (`YYYY-MM-DD`): a stale one changes nothing. */
const occurrenceField = dueDateField.meta({ example: '2026-11-30' });

// ---- Tasks ----

export const taskSchema = z.object({
  id: idField,
  todoId: idField,
  categoryId: idField,
  text: z.string(),
  completed: z.boolean(),
  dueDate: z.string().nullable(),
  /** `HH:MM` on the due date in the account's time zone; null = all day (always null without a date). */
  dueTime: z.string().nullable(),
  /** Markdown; '' when there is none. */
  description: z.string(),
  priority: priorityField,
  estimatedTime: z.number().int().nullable(),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Its labels' ids, by label name: rows show chips without another request. */
  labelIds: z.array(idField),
  /** How it repeats (the due date is the current occurrence), or null. */
  repeat: z.object({ rule: z.string(), mode: z.enum(repeatModes) }).nullable(),
});
export type Task = z.infer<typeof taskSchema>;

/** A task as the category's list shows it: with its subtasks counted, not listed. */
export const taskListItemSchema = taskSchema.extend({
  subtasksCompleted: z.number().int().min(0),
  subtasksTotal: z.number().int().min(0),
});
export type TaskListItem = z.infer<typeof taskListItemSchema>;

export const categoryTasksResponseSchema = z.object({ tasks: z.array(taskListItemSchema) });
export type CategoryTasksResponse = z.infer<typeof categoryTasksResponseSchema>;

/**
 * GET /api/tasks/index: every task of the user, just enough to find it by name (the command palette
 * matches them on the client, places come from the todos tree). Ordered by category, then position.
 */
export const taskIndexItemSchema = z.object({
  id: idField,
  categoryId: idField,
  text: z.string(),
  completed: z.boolean(),
});
export type TaskIndexItem = z.infer<typeof taskIndexItemSchema>;
export const taskIndexResponseSchema = z.object({ tasks: z.array(taskIndexItemSchema) });
export type TaskIndexResponse = z.infer<typeof taskIndexResponseSchema>;

export const createTaskBodySchema = z
  .object({
    id: newIdField,
    todoId: idField,
    /** Omitted: the task goes to the todo's `No Category` category, created at the end when missing. */
    categoryId: idField.optional(),
    /** Defaults to `New Task`. */
    text: taskTextField.optional(),
    /** Set in the same request as the text (quick add: `Pay rent tomorrow !high`); defaults to none. */
    dueDate: dueDateField.nullable().optional(),
    /** Needs `dueDate` (quick add: `Pay rent tomorrow 5pm`); defaults to none (all day). */
    dueTime: dueTimeField.nullable().optional(),
    /** Defaults to `medium`. */
    priority: priorityField.optional(),
    /** Quick add's `#errands`: the task's labels from the start (another user's label id is 404). */
    labelIds: labelIdsField.optional(),
    /** Quick add's `#errands` by name, beside `labelIds` (see `labelNamesField`). */
    labelNames: labelNamesField.optional(),
    /**
     * Quick add's `every monday`: without a due date the task is due on the first occurrence from today
     * (at `dueTime` when given: `standup every weekday 9am`).
     */
    repeat: repeatSettingSchema.optional(),
  })
  .refine((body) => !body.dueTime || Boolean(body.dueDate) || Boolean(body.repeat), {
    error: m.dueTimeNeedsDate,
    path: ['dueTime'],
  })
  .refine(labelsFit, { error: messages.labels.tooManyOnTask, path: ['labelNames'] });
export type CreateTaskBody = z.infer<typeof createTaskBodySchema>;

export const updateTaskBodySchema = z
  .object({
    text: taskTextField.optional(),
    /**
     * true is refused with 409 `incomplete_subtasks` while any subtask is open. On a repeating task it
     * completes the current occurrence and moves the due date to the next one (the task stays open).
     */
    completed: z.boolean().optional(),
    /** With `completed: true` on a repeating task: the occurrence meant; one already done is a no-op. */
    occurrence: occurrenceField.optional(),
    /** Set (needs a due date) or clear (null) how the task repeats. */
    repeat: repeatSettingSchema.nullable().optional(),
    /** null clears the due date and with it the due time. */
    dueDate: dueDateField.nullable().optional(),
    /** Refused when the task would have no due date. */
    dueTime: dueTimeField.nullable().optional(),
    description: taskDescriptionField.optional(),
    priority: priorityField.optional(),
    estimatedTime: estimatedTimeField.nullable().optional(),
    /** The task's labels from now on (another user's label id is 404). */
    labelIds: labelIdsField.optional(),
    /** Labels by name, with `labelIds` the task's labels from now on (the `n` key's new task). */
    labelNames: labelNamesField.optional(),
  })
  .refine((body) => Object.values(body).some((field) => field !== undefined), {
    error: messages.notes.nothingToUpdate,
  })
  .refine(timeNeedsDate, { error: m.dueTimeNeedsDate, path: ['dueTime'] })
  .refine((body) => !body.repeat || body.dueDate !== null, { error: m.repeatNeedsDate, path: ['repeat'] })
  .refine(labelsFit, { error: messages.labels.tooManyOnTask, path: ['labelNames'] });
export type UpdateTaskBody = z.infer<typeof updateTaskBodySchema>;

// ---- Occurrences of repeating tasks ----

export const skipOccurrenceBodySchema = z.object({
  /** The occurrence to skip; defaults to the current one. */
  occurrence: occurrenceField.optional(),
});
export type SkipOccurrenceBody = z.infer<typeof skipOccurrenceBodySchema>;

export const occurrenceActions = ['completed', 'skipped'] as const;

export const taskOccurrenceSchema = z.object({
  id: idField,
  /** The occurrence's day and, for a timed task, wall-clock time. */
  date: z.string(),
  time: z.string().nullable(),
  action: z.enum(occurrenceActions),
  /** When it was completed or skipped (ISO-8601 UTC). */
  at: z.string(),
});
export type TaskOccurrence = z.infer<typeof taskOccurrenceSchema>;

/** GET /api/tasks/:id/occurrences: newest occurrence first. */
export const taskOccurrencesResponseSchema = z.object({ occurrences: z.array(taskOccurrenceSchema) });
export type TaskOccurrencesResponse = z.infer<typeof taskOccurrencesResponseSchema>;

// ---- Subtasks ----

export const subtaskSchema = z.object({
  id: idField,
  taskId: idField,
  text: z.string(),
  completed: z.boolean(),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Subtask = z.infer<typeof subtaskSchema>;

/** GET /api/tasks/:id: the task with its subtasks by position. */
export const taskDetailSchema = taskSchema.extend({ subtasks: z.array(subtaskSchema) });
export type TaskDetail = z.infer<typeof taskDetailSchema>;

export const createSubtaskBodySchema = z.object({ id: newIdField, text: taskTextField });
export type CreateSubtaskBody = z.infer<typeof createSubtaskBodySchema>;

export const updateSubtaskBodySchema = z
  .object({ text: taskTextField.optional(), completed: z.boolean().optional() })
  .refine((body) => body.text !== undefined || body.completed !== undefined, {
    error: messages.notes.nothingToUpdate,
  });
export type UpdateSubtaskBody = z.infer<typeof updateSubtaskBodySchema>;
