import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type BackupArray, backupArrays } from '../../../shared/domain/backup-format.ts';
import { backupRowSchemas } from '../../../shared/schemas/backup.ts';
import { fastCheckedRow } from './backup-row-fast-check.ts';

const at = '2025-01-02T03:04:05.678Z';
/** One row per array as our own export writes it. */
const exported: Record<BackupArray, Record<string, unknown>> = {
  notebooks: {
    id: 'b',
    user_id: 'u',
    title: 'Work',
    color: '#3B82F6',
    position: 0,
    created_at: at,
    updated_at: at,
  },
  sections: { id: 's', notebook_id: 'b', title: 'Plans', position: 1, created_at: at, updated_at: at },
  notes: {
    id: 'n',
    section_id: 's',
    notebook_id: 'b',
    title: 'Page',
    content: '<p>text</p>',
    position: 2,
    created_at: at,
    updated_at: at,
  },
  todos: {
    id: 't',
    user_id: 'u',
    title: 'Home',
    color: '#10B981',
    position: 0,
    created_at: at,
    updated_at: at,
  },
  todoCategories: { id: 'c', todo_id: 't', title: 'Errands', position: 0, created_at: at, updated_at: at },
  todoItems: {
    id: 'i',
    todo_id: 't',
    category_id: 'c',
    text: 'Buy milk',
    completed: false,
    due_date: '2025-11-05',
    priority: 'high',
    estimated_time: 30,
    position: 0,
    created_at: at,
    updated_at: at,
  },
  todoSubtasks: {
    id: 'st',
    todo_item_id: 'i',
    text: 'Oat milk',
    completed: true,
    position: 0,
    created_at: at,
    updated_at: at,
  },
  calendarIntegrations: { id: 'ci', provider: 'google' },
  taskCalendarEvents: { id: 'ce' },
  labels: { id: 'l', name: 'Errands', color: '#F59E0B', created_at: at, updated_at: at },
  taskLabels: { task_id: 'i', label_id: 'l' },
  taskOccurrences: {
    task_id: 'i',
    occurrence_date: '2027-01-04',
    occurrence_time: '09:00',
    action: 'completed',
    at: '2027-01-04T10:00:00.000Z',
  },
  taskReminders: { task_id: 'i', kind: 'before', offset_minutes: 30, created_at: at },
};

/** Values of every kind the schemas meet: valid ones, near misses and plain wrong types. */
const nearMisses = [
  null,
  undefined,
  true,
  false,
  0,
  1,
  -1,
  1.5,
  2_147_483_647,
  2_147_483_648,
  600_059,
  600_060,
  Number.NaN,
  '',
  'x',
  'x'.repeat(200),
  'x'.repeat(201),
  'x'.repeat(501),
  'x'.repeat(1001),
  'a\u0000b',
  'a\uD800b',
  '😀',
  '#3B82F6',
  '#3b82f',
  'low',
  'urgent',
  'someday',
  '2025-11-05',
  '2025-02-30',
  '2025-11-05T10:00:00Z',
  at,
  '2025-13-02T03:04:05.678Z',
  '2025-01-02 03:04:05',
  'not a date',
  '2025-11-31',
  '2025-00-10',
  'abcd-ef-gh',
  '2025/11/05',
];

const anyValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...nearMisses) },
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.object({ maxDepth: 1 }),
);

/** A row of `name`: the schema's fields (some missing, some of any value) and maybe an extra field. */
function rowOf(name: BackupArray) {
  const schema = backupRowSchemas[name] as unknown as z.ZodObject;
  const fields = Object.keys(schema.shape);
  const base = exported[name];
  return fc
    .record(Object.fromEntries([...fields, 'extra'].map((field) => [field, anyValue])), {
      requiredKeys: [],
    })
    .chain((wild) =>
      // An exported row with a field or two changed, so the fast path is taken often.
      fc
        .subarray([...fields, 'extra'], { minLength: 1, maxLength: Math.min(2, fields.length + 1) })
        .map((changed) => ({ ...base, ...Object.fromEntries(changed.map((field) => [field, wild[field]])) })),
    );
}

describe('the backup row fast path', () => {
  it('takes the rows our own export writes, as they are', () => {
    for (const name of backupArrays) {
      const row = exported[name];
      expect(fastCheckedRow(name, row), name).toBe(row);
    }
  });

  it('leaves rows that need converting to the schema: seed-style ids, flags and timestamps', () => {
    expect(fastCheckedRow('notebooks', { ...exported.notebooks, id: 7 })).toBeNull();
    expect(fastCheckedRow('todoItems', { ...exported.todoItems, completed: 1 })).toBeNull();
    expect(
      fastCheckedRow('sections', { ...exported.sections, created_at: '2025-01-02 03:04:05' }),
    ).toBeNull();
    expect(
      fastCheckedRow('todoItems', { ...exported.todoItems, due_date: '2025-11-05T10:00:00Z' }),
    ).toBeNull();
    expect(fastCheckedRow('notes', [exported.notes])).toBeNull();
  });

  /** Accepted rows must be accepted by the schema with the very values the fast path lets through. */
  function expectSameAsSchema(name: BackupArray, value: unknown) {
    const fast = fastCheckedRow(name, value);
    if (fast === null) return;
    const parsed = backupRowSchemas[name].safeParse(value);
    expect(parsed.success, JSON.stringify(value)).toBe(true);
    const data = (parsed.data ?? {}) as Record<string, unknown>;
    // The planner reads only the schema's fields; an extra field the schema drops is never read.
    for (const field of Object.keys(data)) {
      expect((fast as Record<string, unknown>)[field], field).toBe(data[field]);
    }
  }

  it('accepts only what the schema accepts: every field of every array set to each near miss, or left out', () => {
    for (const name of backupArrays) {
      const fields = Object.keys((backupRowSchemas[name] as unknown as z.ZodObject).shape);
      for (const field of [...fields, 'extra']) {
        const { [field]: _left, ...without } = exported[name];
        expectSameAsSchema(name, without);
        for (const value of nearMisses) expectSameAsSchema(name, { ...exported[name], [field]: value });
      }
    }
  });

  it('accepts only what the schema accepts, with the values the schema would give (property)', () => {
    const row = fc
      .constantFrom(...backupArrays)
      .chain((name) => rowOf(name).map((value) => ({ name, value })));
    fc.assert(
      fc.property(row, ({ name, value }) => expectSameAsSchema(name, value)),
      { numRuns: 3000 },
    );
  });
});
