import type { Database } from '../../db/schema.ts';

/** The tables an import writes, in the order they must be inserted (parents first). */
export const backupTables = [
  'notebooks',
  'sections',
  'notes',
  'todos',
  'todo_categories',
  'todo_items',
  'todo_subtasks',
  'labels',
  'task_labels',
  'task_occurrences',
  'task_reminders',
] as const;
export type BackupTable = (typeof backupTables)[number];

/**
 * The columns an import writes per table, in the order the planner lays out each row's values. A batch
 * is one flat array of values, row after row, which is also its INSERT's parameter list: no object per
 * row, nor a second copy of its values.
 */
export const importColumns = {
  notebooks: ['id', 'user_id', 'title', 'color', 'position', 'created_at', 'updated_at'],
  sections: ['id', 'notebook_id', 'user_id', 'title', 'position', 'created_at', 'updated_at'],
  notes: [
    'id',
    'section_id',
    'notebook_id',
    'user_id',
    'title',
    'content',
    'position',
    'version',
    'created_at',
    'updated_at',
  ],
  todos: ['id', 'user_id', 'title', 'color', 'position', 'created_at', 'updated_at'],
  todo_categories: ['id', 'todo_id', 'user_id', 'title', 'position', 'created_at', 'updated_at'],
  todo_items: [
    'id',
    'category_id',
    'todo_id',
    'user_id',
    'text',
    'completed',
    'due_date',
    'priority',
    'estimated_time',
    'position',
    'created_at',
    'updated_at',
    'due_time',
    'description',
    'repeat_rule',
    'repeat_mode',
    'repeat_start',
  ],
  todo_subtasks: [
    'id',
    'todo_item_id',
    'user_id',
    'text',
    'completed',
    'position',
    'created_at',
    'updated_at',
  ],
  labels: ['id', 'user_id', 'name', 'name_key', 'color', 'created_at', 'updated_at'],
  task_labels: ['task_id', 'label_id', 'user_id'],
  task_occurrences: ['id', 'task_id', 'user_id', 'occurrence_date', 'occurrence_time', 'action', 'at'],
  // fire_at stays null: the import schedules the reminders once the rows are in (backup.service.ts).
  task_reminders: ['id', 'task_id', 'user_id', 'kind', 'offset_minutes', 'created_at'],
} as const satisfies { [T in BackupTable]: ReadonlyArray<keyof Database[T] & string> };
