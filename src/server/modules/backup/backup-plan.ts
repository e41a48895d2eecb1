import type { Insertable } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { type ImportCounts, type SkippedRow, skippedListMax } from '../../../shared/schemas/backup.ts';
import type {
  NotebooksTable,
  NotesTable,
  SectionsTable,
  TodoCategoriesTable,
  TodoItemsTable,
  TodoSubtasksTable,
  TodosTable,
} from '../../db/schema.ts';
import { type RawBackup, validatedRows } from './backup-validation.ts';

/** The rows an import writes, per table, in the order they must be inserted (parents first). */
export interface ImportRows {
  notebooks: Insertable<NotebooksTable>[];
  sections: Insertable<SectionsTable>[];
  notes: Insertable<NotesTable>[];
  todos: Insertable<TodosTable>[];
  todo_categories: Insertable<TodoCategoriesTable>[];
  todo_items: Insertable<TodoItemsTable>[];
  todo_subtasks: Insertable<TodoSubtasksTable>[];
}

export interface ImportPlan {
  rows: ImportRows;
  counts: ImportCounts;
  skipped: SkippedRow[];
  skippedCount: number;
}

export interface PlanOptions {
  userId: string;
  /** ISO timestamp for rows whose file gives none. */
  now: string;
  newId: () => string;
}

const m = messages.backup;

/**
 * Turns validated backup rows into the rows to insert. Every row gets a new id; parents are remapped
 * through maps built level by level (all notebooks, then all sections, ...), so a child listed before its
 * parent in the file still finds it. A row whose parent is not in the file is skipped and reported, and
 * so are its own children (they have nowhere to go). user_id always becomes the importing user; the
 * file's user ids are never trusted. Rows are validated as they are planned (validatedRows), and the
 * plan touches no database, so the dry run answers exactly what the import would do; the file is used
 * up (its raw rows released) on the way.
 */
export function planImport(file: RawBackup, options: PlanOptions): ImportPlan {
  const { userId, now, newId } = options;
  const skipped: SkippedRow[] = [];
  let skippedCount = 0;
  const skip = (array: SkippedRow['array'], index: number, reason: string) => {
    skippedCount += 1;
    if (skipped.length < skippedListMax) skipped.push({ array, index, reason });
  };
  const times = (row: { created_at?: string | null; updated_at?: string | null }) => {
    const created = row.created_at ?? row.updated_at ?? now;
    return { created_at: created, updated_at: row.updated_at ?? created };
  };
  const rows: ImportRows = {
    notebooks: [],
    sections: [],
    notes: [],
    todos: [],
    todo_categories: [],
    todo_items: [],
    todo_subtasks: [],
  };

  const notebookIds = new Map<string, string>();
  for (const [index, row] of validatedRows(file, 'notebooks')) {
    const id = newId();
    notebookIds.set(row.id, id);
    rows.notebooks.push({
      id,
      user_id: userId,
      title: row.title,
      color: row.color ?? '#3B82F6',
      position: row.position ?? index,
      ...times(row),
    });
  }

  // section id -> [new id, new notebook id]
  const sectionIds = new Map<string, [string, string]>();
  for (const [index, row] of validatedRows(file, 'sections')) {
    const notebookId = notebookIds.get(row.notebook_id);
    if (!notebookId) {
      skip('sections', index, m.parentMissing('notebook'));
      continue;
    }
    const id = newId();
    sectionIds.set(row.id, [id, notebookId]);
    rows.sections.push({
      id,
      notebook_id: notebookId,
      user_id: userId,
      title: row.title,
      position: row.position ?? index,
      ...times(row),
    });
  }

  for (const [index, row] of validatedRows(file, 'notes')) {
    const section = sectionIds.get(row.section_id);
    if (!section) {
      skip('notes', index, m.parentMissing('section'));
      continue;
    }
    rows.notes.push({
      id: newId(),
      section_id: section[0],
      notebook_id: section[1],
      user_id: userId,
      title: row.title,
      content: row.content ?? '',
      position: row.position ?? index,
      version: 1,
      ...times(row),
    });
  }

  const todoIds = new Map<string, string>();
  for (const [index, row] of validatedRows(file, 'todos')) {
    const id = newId();
    todoIds.set(row.id, id);
    rows.todos.push({
      id,
      user_id: userId,
      title: row.title,
      color: row.color ?? '#10B981',
      position: row.position ?? index,
      ...times(row),
    });
  }

  // category id -> [new id, new todo id]
  const categoryIds = new Map<string, [string, string]>();
  for (const [index, row] of validatedRows(file, 'todoCategories')) {
    const todoId = todoIds.get(row.todo_id);
    if (!todoId) {
      skip('todoCategories', index, m.parentMissing('to-do list'));
      continue;
    }
    const id = newId();
    categoryIds.set(row.id, [id, todoId]);
    rows.todo_categories.push({
      id,
      todo_id: todoId,
      user_id: userId,
      title: row.title,
      position: row.position ?? index,
      ...times(row),
    });
  }

  const itemIds = new Map<string, string>();
  for (const [index, row] of validatedRows(file, 'todoItems')) {
    const category = categoryIds.get(row.category_id);
    if (!category) {
      skip('todoItems', index, m.parentMissing('category'));
      continue;
    }
    const id = newId();
    itemIds.set(row.id, id);
    rows.todo_items.push({
      id,
      category_id: category[0],
      todo_id: category[1],
      user_id: userId,
      text: row.text,
      completed: row.completed ? 1 : 0,
      due_date: row.due_date ?? null,
      priority: row.priority ?? 'medium',
      // Spec §5: an estimate of zero is no estimate.
      estimated_time: row.estimated_time ? row.estimated_time : null,
      position: row.position ?? index,
      ...times(row),
    });
  }

  for (const [index, row] of validatedRows(file, 'todoSubtasks')) {
    const itemId = itemIds.get(row.todo_item_id);
    if (!itemId) {
      skip('todoSubtasks', index, m.parentMissing('task'));
      continue;
    }
    rows.todo_subtasks.push({
      id: newId(),
      todo_item_id: itemId,
      user_id: userId,
      text: row.text,
      completed: row.completed ? 1 : 0,
      position: row.position ?? index,
      ...times(row),
    });
  }

  // A backup holds no calendar credentials (never exported), so connections and their event links
  // cannot be restored: the rows are reported, not silently lost.
  for (const [index] of validatedRows(file, 'calendarIntegrations')) {
    skip('calendarIntegrations', index, m.calendarNotRestored);
  }
  for (const [index] of validatedRows(file, 'taskCalendarEvents')) {
    skip('taskCalendarEvents', index, m.calendarNotRestored);
  }

  const counts: ImportCounts = {
    notebooks: rows.notebooks.length,
    sections: rows.sections.length,
    notes: rows.notes.length,
    todoLists: rows.todos.length,
    categories: rows.todo_categories.length,
    todoItems: rows.todo_items.length,
    subtasks: rows.todo_subtasks.length,
    calendarIntegrations: 0,
    calendarEvents: 0,
  };
  return { rows, counts, skipped, skippedCount };
}
