import type { BackupArray } from '../../../shared/domain/backup-format.ts';
import { maxRemindersPerTask } from '../../../shared/domain/reminders.ts';
import { normaliseRule } from '../../../shared/domain/repeat-rule.ts';
import { messages } from '../../../shared/messages.ts';
import type { BackupRows, ImportCounts } from '../../../shared/schemas/backup.ts';
import { labelNameKey } from '../../../shared/schemas/label-name.ts';
import type { BackupTable } from './backup-tables.ts';

export interface IdRemapOptions {
  userId: string;
  /** ISO timestamp for rows whose file gives none. */
  now: string;
  newId: () => string;
  /** Added to the file's positions of notebooks and lists, to place them after the account's own. */
  offsets?: { notebooks: number; todos: number };
  /**
   * The account's labels by name key (labelNameKey): a file label of the same name joins it rather than
   * clash with it (names are unique per account); empty when the import cleared the account.
   */
  existingLabels?: ReadonlyMap<string, string>;
  /**
   * The rows' ids are already new and unique (a Markdown import made them, and wrote them into links
   * between its pages): they are kept rather than replaced.
   */
  keepIds?: boolean;
}

type Imported = Exclude<BackupArray, 'calendarIntegrations' | 'taskCalendarEvents'>;
const tables: Record<Imported, BackupTable> = {
  notebooks: 'notebooks',
  sections: 'sections',
  notes: 'notes',
  todos: 'todos',
  todoCategories: 'todo_categories',
  todoItems: 'todo_items',
  todoSubtasks: 'todo_subtasks',
  labels: 'labels',
  taskLabels: 'task_labels',
  taskOccurrences: 'task_occurrences',
  taskReminders: 'task_reminders',
};

/** The table an array's rows are written to; undefined for the calendar arrays (never restored). */
export function tableOf(array: BackupArray): BackupTable | undefined {
  return array in tables ? tables[array as Imported] : undefined;
}

const m = messages.backup;

export interface IdRemap {
  /** The rows planned so far, per kind. */
  counts: ImportCounts;
  /**
   * Plans a valid row of `array`: a new id, its parents' new ids, its values appended to `out` in
   * importColumns order (a table's batch; null when nothing is to be written). Answers why it is skipped
   * (its parent is not in the file, or was itself skipped; or it cannot be restored), else undefined.
   * Parents must be planned before their children.
   */
  plan(
    array: BackupArray,
    index: number,
    value: BackupRows[BackupArray][number],
    out: unknown[] | null,
  ): string | undefined;
}

/**
 * Gives an import's rows new ids and remaps their parents through maps of the ids planned so far (only
 * these maps stay in memory for a whole import). user_id always becomes the importing user: the file's
 * user ids are never trusted.
 */
export function createIdRemap(options: IdRemapOptions): IdRemap {
  const { userId, now } = options;
  const newIdFor = (row: { id: string }) => (options.keepIds ? row.id : options.newId());
  const offsets = options.offsets ?? { notebooks: 0, todos: 0 };
  const counts: ImportCounts = {
    notebooks: 0,
    sections: 0,
    notes: 0,
    todoLists: 0,
    categories: 0,
    todoItems: 0,
    subtasks: 0,
    calendarIntegrations: 0,
    calendarEvents: 0,
    labels: 0,
    taskLabels: 0,
    reminders: 0,
    files: 0,
  };
  const notebookIds = new Map<string, string>();
  // section id -> [new id, new notebook id]
  const sectionIds = new Map<string, [string, string]>();
  const todoIds = new Map<string, string>();
  // category id -> [new id, new todo id]
  const categoryIds = new Map<string, [string, string]>();
  const occurrenceKeys = new Set<string>();
  // "task kind offset" of the reminders planned, and how many each task has.
  const reminderKeys = new Set<string>();
  const remindersPerTask = new Map<string, number>();
  const itemIds = new Map<string, string>();
  const labelIds = new Map<string, string>();
  // name key -> the label's id: the account's, then the file's (two of its labels may share a name).
  const labelsByName = new Map(options.existingLabels ?? []);
  // "task label" pairs planned: a pair the file lists twice (or that two merged labels make) is one row.
  const taskLabelPairs = new Set<string>();
  const created = (row: { created_at?: string | null; updated_at?: string | null }) =>
    row.created_at ?? row.updated_at ?? now;

  function plan(
    array: BackupArray,
    index: number,
    value: BackupRows[BackupArray][number],
    out: unknown[] | null,
  ): string | undefined {
    switch (array) {
      case 'notebooks': {
        const row = value as BackupRows['notebooks'][number];
        const id = newIdFor(row);
        notebookIds.set(row.id, id);
        counts.notebooks += 1;
        const at = created(row);
        const position = (row.position ?? index) + offsets.notebooks;
        out?.push(id, userId, row.title, row.color ?? '#3B82F6', position, at, row.updated_at ?? at);
        return undefined;
      }
      case 'sections': {
        const row = value as BackupRows['sections'][number];
        const notebookId = notebookIds.get(row.notebook_id);
        if (!notebookId) return m.parentMissing('notebook');
        const id = newIdFor(row);
        sectionIds.set(row.id, [id, notebookId]);
        counts.sections += 1;
        const at = created(row);
        out?.push(id, notebookId, userId, row.title, row.position ?? index, at, row.updated_at ?? at);
        return undefined;
      }
      case 'notes': {
        const row = value as BackupRows['notes'][number];
        const section = sectionIds.get(row.section_id);
        if (!section) return m.parentMissing('section');
        counts.notes += 1;
        const at = created(row);
        out?.push(
          newIdFor(row),
          section[0],
          section[1],
          userId,
          row.title,
          row.content ?? '',
          row.position ?? index,
          1,
          at,
          row.updated_at ?? at,
        );
        return undefined;
      }
      case 'todos': {
        const row = value as BackupRows['todos'][number];
        const id = newIdFor(row);
        todoIds.set(row.id, id);
        counts.todoLists += 1;
        const at = created(row);
        const position = (row.position ?? index) + offsets.todos;
        out?.push(id, userId, row.title, row.color ?? '#10B981', position, at, row.updated_at ?? at);
        return undefined;
      }
      case 'todoCategories': {
        const row = value as BackupRows['todoCategories'][number];
        const todoId = todoIds.get(row.todo_id);
        if (!todoId) return m.parentMissing('to-do list');
        const id = newIdFor(row);
        categoryIds.set(row.id, [id, todoId]);
        counts.categories += 1;
        const at = created(row);
        out?.push(id, todoId, userId, row.title, row.position ?? index, at, row.updated_at ?? at);
        return undefined;
      }
      case 'todoItems': {
        const row = value as BackupRows['todoItems'][number];
        const category = categoryIds.get(row.category_id);
        if (!category) return m.parentMissing('category');
        const id = newIdFor(row);
        itemIds.set(row.id, id);
        counts.todoItems += 1;
        const at = created(row);
        out?.push(
          id,
          category[0],
          category[1],
          userId,
          row.text,
          row.completed ? 1 : 0,
          row.due_date ?? null,
          row.priority ?? 'medium',
          // An estimate of zero is no estimate.
          row.estimated_time ? row.estimated_time : null,
          row.position ?? index,
          at,
          row.updated_at ?? at,
          // A time is on a day: without a due date it is dropped, as clearing the date clears it.
          row.due_date ? (row.due_time ?? null) : null,
          row.description ?? '',
          ...importedRepeat(row),
        );
        return undefined;
      }
      case 'todoSubtasks': {
        const row = value as BackupRows['todoSubtasks'][number];
        const itemId = itemIds.get(row.todo_item_id);
        if (!itemId) return m.parentMissing('task');
        counts.subtasks += 1;
        const at = created(row);
        out?.push(
          newIdFor(row),
          itemId,
          userId,
          row.text,
          row.completed ? 1 : 0,
          row.position ?? index,
          at,
          row.updated_at ?? at,
        );
        return undefined;
      }
      case 'labels': {
        const row = value as BackupRows['labels'][number];
        const key = labelNameKey(row.name);
        const same = labelsByName.get(key);
        if (same !== undefined) {
          labelIds.set(row.id, same);
          return undefined;
        }
        const id = newIdFor(row);
        labelIds.set(row.id, id);
        labelsByName.set(key, id);
        counts.labels += 1;
        const at = created(row);
        out?.push(id, userId, row.name, key, row.color ?? '#3B82F6', at, row.updated_at ?? at);
        return undefined;
      }
      case 'taskLabels': {
        const row = value as BackupRows['taskLabels'][number];
        const taskId = itemIds.get(row.task_id);
        if (!taskId) return m.parentMissing('task');
        const labelId = labelIds.get(row.label_id);
        if (!labelId) return m.parentMissing('label');
        const pair = `${taskId} ${labelId}`;
        if (taskLabelPairs.has(pair)) return undefined;
        taskLabelPairs.add(pair);
        counts.taskLabels += 1;
        out?.push(taskId, labelId, userId);
        return undefined;
      }
      case 'taskOccurrences': {
        const row = value as BackupRows['taskOccurrences'][number];
        const taskId = itemIds.get(row.task_id);
        if (!taskId) return m.parentMissing('task');
        // One entry per task and day, as the table's unique index says: a repeat is written once.
        const key = `${taskId} ${row.occurrence_date}`;
        if (occurrenceKeys.has(key)) return undefined;
        occurrenceKeys.add(key);
        const at = row.at ?? now;
        out?.push(
          options.newId(),
          taskId,
          userId,
          row.occurrence_date,
          row.occurrence_time ?? null,
          row.action,
          at,
        );
        return undefined;
      }
      case 'taskReminders': {
        const row = value as BackupRows['taskReminders'][number];
        const taskId = itemIds.get(row.task_id);
        if (!taskId) return m.parentMissing('task');
        const offset = row.kind === 'atDue' ? 0 : row.offset_minutes;
        const key = `${taskId} ${row.kind} ${offset}`;
        const already = remindersPerTask.get(taskId) ?? 0;
        // The same rule twice is one reminder; past the per-task limit the API keeps, none.
        if (reminderKeys.has(key) || already >= maxRemindersPerTask) return undefined;
        reminderKeys.add(key);
        remindersPerTask.set(taskId, already + 1);
        counts.reminders += 1;
        out?.push(options.newId(), taskId, userId, row.kind, offset, row.created_at ?? now);
        return undefined;
      }
      // A backup holds no calendar credentials (never exported), so connections and their event links
      // cannot be restored: the rows are reported, not silently lost.
      default:
        return m.calendarNotRestored;
    }
  }

  return { counts, plan };
}

/**
 * A task's repeat columns from a file: kept only on a task with a due date (as the API requires), the
 * rule normalised and checked against its mode; a file from before repeats has none.
 */
function importedRepeat(row: BackupRows['todoItems'][number]): [string | null, string | null, string | null] {
  const mode = row.repeat_mode ?? 'fixed';
  const rule = row.due_date && row.repeat_rule ? normaliseRule(row.repeat_rule, mode) : null;
  return rule ? [rule, mode, row.repeat_start ?? row.due_date ?? null] : [null, null, null];
}
