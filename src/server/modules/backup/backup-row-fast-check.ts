import type { BackupArray } from '../../../shared/domain/backup-format.ts';
import { hexColorPattern } from '../../../shared/domain/colors.ts';
import { isValidDueTime } from '../../../shared/domain/due-time.ts';
import { maxReminderOffsetMinutes } from '../../../shared/domain/reminders.ts';
import { normaliseRule, repeatModes } from '../../../shared/domain/repeat-rule.ts';
import { estimateMaxMinutes, isValidDueDate, priorities } from '../../../shared/domain/task-display.ts';
import { type BackupRows, canonicalTimestamp } from '../../../shared/schemas/backup.ts';
import { labelNameMaxLength } from '../../../shared/schemas/label-name.ts';
import { contentMaxLength } from '../../../shared/schemas/note.ts';
import { titleMaxLength } from '../../../shared/schemas/notebook.ts';
import { taskDescriptionMaxLength, taskTextMaxLength } from '../../../shared/schemas/task.ts';

/**
 * A fast path in front of the row schemas (shared/schemas/backup.ts) for rows written the way our own
 * export writes them: every field already in its stored form (string ids, ISO timestamps, booleans), so
 * the schema would hand back the same values. Such a row is accepted as it is, no copy made; any other
 * row (a number id, a seed-style timestamp, 0/1 flags, anything wrong) answers null and goes through
 * the schema, which converts it or names the problem. So this only ever accepts what the schema accepts,
 * with the same values (backup-row-fast-check.test.ts checks it against the schemas).
 *
 * Why (docs/performance.md, the 100,000-row benchmark file): the schemas were ~0.3 s of CPU, a third of a preview's
 * and a quarter of an import's, and V8 allocated the objects they make per row straight into the old
 * generation (allocation-site pretenuring), where they stayed as garbage until a full collection: most of
 * what raised a large import's peak memory.
 */
export function fastCheckedRow<K extends BackupArray>(name: K, value: unknown): BackupRows[K][number] | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const row = value as Record<string, unknown>;
  for (const [field, check] of fieldChecks[name]) {
    if (!check(row[field])) return null;
  }
  return row as BackupRows[K][number];
}

type Check = (value: unknown) => boolean;

const nullish =
  (check: Check): Check =>
  (value) =>
    value === undefined || value === null || check(value);
const integer =
  (min: number, max: number): Check =>
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const loneSurrogate = /\p{Cs}/u;
/** What the schemas' text() accepts: within its length, no U+0000, no lone surrogate. */
const text =
  (max: number): Check =>
  (value) =>
    typeof value === 'string' &&
    value.length <= max &&
    !value.includes('\u0000') &&
    !loneSurrogate.test(value);
const priorityNames: ReadonlySet<unknown> = new Set(priorities);

const oldId: Check = (value) => typeof value === 'string' && value.length >= 1 && value.length <= 200;
const title = text(titleMaxLength);
const position = nullish(integer(0, 2_147_483_647));
const timestamp = nullish((value) => typeof value === 'string' && canonicalTimestamp.test(value));
const color = nullish((value) => typeof value === 'string' && hexColorPattern.test(value));
const flag = nullish((value) => typeof value === 'boolean');
const dueDate = nullish((value) => typeof value === 'string' && value.length === 10 && isValidDueDate(value));

/** Already trimmed and not empty: the schema's trim would hand back the same string. */
const labelName: Check = (value) =>
  text(labelNameMaxLength)(value) && value !== '' && (value as string).trim() === value;

const times: Array<[string, Check]> = [
  ['created_at', timestamp],
  ['updated_at', timestamp],
];

/** Per array, each schema field and what it must already be. The calendar rows are any object. */
const fieldChecks: Record<BackupArray, Array<[string, Check]>> = {
  notebooks: [['id', oldId], ['title', title], ['color', color], ['position', position], ...times],
  sections: [['id', oldId], ['notebook_id', oldId], ['title', title], ['position', position], ...times],
  notes: [
    ['id', oldId],
    ['section_id', oldId],
    ['notebook_id', nullish(oldId)],
    ['title', title],
    ['content', nullish(text(contentMaxLength))],
    ['position', position],
    ...times,
  ],
  todos: [['id', oldId], ['title', title], ['color', color], ['position', position], ...times],
  todoCategories: [['id', oldId], ['todo_id', oldId], ['title', title], ['position', position], ...times],
  todoItems: [
    ['id', oldId],
    ['todo_id', nullish(oldId)],
    ['category_id', oldId],
    ['text', text(taskTextMaxLength)],
    ['completed', flag],
    ['due_date', dueDate],
    ['priority', nullish((value) => priorityNames.has(value))],
    ['estimated_time', nullish(integer(0, estimateMaxMinutes))],
    ['position', position],
    ...times,
    ['due_time', nullish((value) => typeof value === 'string' && isValidDueTime(value))],
    ['description', nullish(text(taskDescriptionMaxLength))],
    ['repeat_rule', nullish((value) => typeof value === 'string' && normaliseRule(value) !== null)],
    ['repeat_mode', nullish((value) => (repeatModes as readonly unknown[]).includes(value))],
    ['repeat_start', dueDate],
  ],
  todoSubtasks: [
    ['id', oldId],
    ['todo_item_id', oldId],
    ['text', text(taskTextMaxLength)],
    ['completed', flag],
    ['position', position],
    ...times,
  ],
  calendarIntegrations: [],
  taskCalendarEvents: [],
  labels: [['id', oldId], ['name', labelName], ['color', color], ...times],
  taskLabels: [
    ['task_id', oldId],
    ['label_id', oldId],
  ],
  taskOccurrences: [
    ['task_id', oldId],
    ['occurrence_date', (value) => typeof value === 'string' && value.length === 10 && isValidDueDate(value)],
    ['occurrence_time', nullish((value) => typeof value === 'string' && isValidDueTime(value))],
    ['action', (value) => value === 'completed' || value === 'skipped'],
    ['at', timestamp],
  ],
  taskReminders: [
    ['task_id', oldId],
    ['kind', (value) => value === 'atDue' || value === 'before'],
    [
      'offset_minutes',
      (value) =>
        Number.isInteger(value) && (value as number) >= 0 && (value as number) <= maxReminderOffsetMinutes,
    ],
    ['created_at', timestamp],
  ],
};
