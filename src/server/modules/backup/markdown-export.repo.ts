import type { Db } from '../../db/database.ts';

/**
 * The Markdown export's reads. Notebooks, sections, lists and categories are few and read at once; pages
 * and tasks are read a page at a time by keyset (position, id) within their parent, so neither a large
 * account nor a slow download holds more than a page of rows or the database between pages.
 */

export function exportNotebooks(db: Db, userId: string) {
  return db
    .selectFrom('notebooks')
    .select(['id', 'title'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function exportSections(db: Db, userId: string, notebookId: string) {
  return db
    .selectFrom('sections')
    .select(['id', 'title'])
    .where('user_id', '=', userId)
    .where('notebook_id', '=', notebookId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export interface Keyset {
  position: number;
  id: string;
}

/** The next `limit` pages of a section after `after`, in the section's order. */
export function exportPages(db: Db, userId: string, sectionId: string, after: Keyset | null, limit: number) {
  return db
    .selectFrom('notes')
    .select(['id', 'title', 'content', 'position', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .where('section_id', '=', sectionId)
    .$if(after !== null, (query) =>
      query.where((eb) =>
        eb(eb.refTuple('position', 'id'), '>', eb.tuple(after?.position ?? 0, after?.id ?? '')),
      ),
    )
    .orderBy('position')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function exportTodoLists(db: Db, userId: string) {
  return db
    .selectFrom('todos')
    .select(['id', 'title', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function exportCategories(db: Db, userId: string, todoId: string) {
  return db
    .selectFrom('todo_categories')
    .select(['id', 'title'])
    .where('user_id', '=', userId)
    .where('todo_id', '=', todoId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The next `limit` tasks of a category after `after`, in the category's order. */
export function exportTasks(db: Db, userId: string, categoryId: string, after: Keyset | null, limit: number) {
  return db
    .selectFrom('todo_items')
    .select([
      'id',
      'text',
      'completed',
      'due_date',
      'due_time',
      'priority',
      'repeat_rule',
      'repeat_mode',
      'description',
      'position',
    ])
    .where('user_id', '=', userId)
    .where('category_id', '=', categoryId)
    .$if(after !== null, (query) =>
      query.where((eb) =>
        eb(eb.refTuple('position', 'id'), '>', eb.tuple(after?.position ?? 0, after?.id ?? '')),
      ),
    )
    .orderBy('position')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The subtasks of these tasks, each task's in its order. */
export function exportSubtasks(db: Db, userId: string, taskIds: readonly string[]) {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('todo_subtasks')
    .select(['todo_item_id', 'text', 'completed'])
    .where('user_id', '=', userId)
    .where('todo_item_id', 'in', taskIds)
    .orderBy('todo_item_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The labels on these tasks, by name. */
export function exportTaskLabels(db: Db, userId: string, taskIds: readonly string[]) {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('task_labels')
    .innerJoin('labels', 'labels.id', 'task_labels.label_id')
    .select(['task_labels.task_id', 'labels.name'])
    .where('task_labels.user_id', '=', userId)
    .where('labels.user_id', '=', userId)
    .where('task_labels.task_id', 'in', taskIds)
    .orderBy('labels.name_key')
    .execute();
}
