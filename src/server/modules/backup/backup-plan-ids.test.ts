import { describe, expect, it } from 'vitest';
import type { BackupArray } from '../../../shared/domain/backup-format.ts';
import { messages } from '../../../shared/messages.ts';
import { backupRowSchemas } from '../../../shared/schemas/backup.ts';
import { createIdRemap, type IdRemapOptions, tableOf } from './backup-plan-ids.ts';
import { importColumns } from './backup-tables.ts';

const at = '2025-01-02T03:04:05.678Z';
const now = '2026-06-01T00:00:00.000Z';

/** A remap whose new ids are new-1, new-2, …; `plan` answers the row as columns, or why it was skipped. */
function remap(options: Partial<IdRemapOptions> = {}) {
  let ids = 0;
  const remapped = createIdRemap({ userId: 'me', now, newId: () => `new-${++ids}`, ...options });
  const plan = (array: BackupArray, raw: object, index = 0) => {
    const out: unknown[] = [];
    const skipped = remapped.plan(array, index, backupRowSchemas[array].parse(raw), out);
    if (skipped !== undefined) return { skipped, out };
    const table = tableOf(array);
    if (!table) throw new Error(`${array} has no table`);
    return Object.fromEntries(importColumns[table].map((column, at) => [column, out[at]]));
  };
  return { counts: remapped.counts, plan };
}

describe("the import's id remapping", () => {
  it("gives every row a new id and its parents' new ids; the user is always the importing one", () => {
    const { plan, counts } = remap();
    expect(plan('notebooks', { id: 'b', title: 'Book', user_id: 'someone else' })).toMatchObject({
      id: 'new-1',
      user_id: 'me',
    });
    expect(plan('sections', { id: 's', notebook_id: 'b', title: 'Part' })).toMatchObject({
      id: 'new-2',
      notebook_id: 'new-1',
    });
    // A page's notebook is its section's, whatever the file says.
    expect(
      plan('notes', { id: 'n', section_id: 's', notebook_id: 'elsewhere', title: 'Page' }),
    ).toMatchObject({ id: 'new-3', section_id: 'new-2', notebook_id: 'new-1', user_id: 'me' });
    expect(plan('todos', { id: 't', title: 'List' })).toMatchObject({ id: 'new-4' });
    expect(plan('todoCategories', { id: 'c', todo_id: 't', title: 'Cat' })).toMatchObject({
      id: 'new-5',
      todo_id: 'new-4',
    });
    expect(plan('todoItems', { id: 'i', category_id: 'c', todo_id: 'other', text: 'Task' })).toMatchObject({
      id: 'new-6',
      category_id: 'new-5',
      todo_id: 'new-4',
    });
    expect(plan('todoSubtasks', { id: 'u', todo_item_id: 'i', text: 'Step' })).toMatchObject({
      id: 'new-7',
      todo_item_id: 'new-6',
      user_id: 'me',
    });
    expect(counts).toMatchObject({
      notebooks: 1,
      sections: 1,
      notes: 1,
      todoLists: 1,
      categories: 1,
      todoItems: 1,
      subtasks: 1,
    });
  });

  it('skips a row whose parent is not in the file, and so its children too, counting none', () => {
    const { plan, counts } = remap();
    const parentMissing = messages.backup.parentMissing;
    expect(plan('sections', { id: 's', notebook_id: 'nowhere', title: 'Part' })).toEqual({
      skipped: parentMissing('notebook'),
      out: [],
    });
    expect(plan('notes', { id: 'n', section_id: 's', title: 'Page' })).toMatchObject({
      skipped: parentMissing('section'),
    });
    expect(plan('todoCategories', { id: 'c', todo_id: 'nowhere', title: 'Cat' })).toMatchObject({
      skipped: parentMissing('to-do list'),
    });
    expect(plan('todoItems', { id: 'i', category_id: 'c', text: 'Task' })).toMatchObject({
      skipped: parentMissing('category'),
    });
    expect(plan('todoSubtasks', { id: 'u', todo_item_id: 'i', text: 'Step' })).toMatchObject({
      skipped: parentMissing('task'),
    });
    expect(Object.values(counts).every((count) => count === 0)).toBe(true);
  });

  it('reports calendar rows as not restored', () => {
    const { plan } = remap();
    expect(plan('calendarIntegrations', { provider: 'google' })).toEqual({
      skipped: messages.backup.calendarNotRestored,
      out: [],
    });
  });

  it("places notebooks and lists after the account's own; fills what the file leaves out", () => {
    const { plan } = remap({ offsets: { notebooks: 10, todos: 20 } });
    expect(plan('notebooks', { id: 'b', title: 'Book', position: 2 })).toMatchObject({ position: 12 });
    // No position: the row's index in its array; no times: created from updated, else the import's time.
    expect(plan('todos', { id: 't', title: 'List', updated_at: at }, 5)).toMatchObject({
      position: 25,
      color: '#10B981',
      created_at: at,
      updated_at: at,
    });
    expect(plan('notebooks', { id: 'c', title: 'Other' }, 1)).toMatchObject({
      color: '#3B82F6',
      created_at: now,
      updated_at: now,
    });
    expect(plan('todoCategories', { id: 'k', todo_id: 't', title: 'Cat', position: 3 })).toMatchObject({
      position: 3,
    });
    // An estimate of zero is no estimate.
    expect(plan('todoItems', { id: 'i', category_id: 'k', text: 'Task', estimated_time: 0 })).toMatchObject({
      estimated_time: null,
      priority: 'medium',
      completed: 0,
    });
  });

  it('remaps and counts without laying out values for a dry run', () => {
    let ids = 0;
    const { plan, counts } = createIdRemap({ userId: 'me', now, newId: () => `new-${++ids}` });
    const notebook = backupRowSchemas.notebooks.parse({ id: 'b', title: 'Book' });
    const section = backupRowSchemas.sections.parse({ id: 's', notebook_id: 'b', title: 'Part' });
    expect(plan('notebooks', 0, notebook, null)).toBeUndefined();
    expect(plan('sections', 0, section, null)).toBeUndefined();
    expect(counts.sections).toBe(1);
  });
});
