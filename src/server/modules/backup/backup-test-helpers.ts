import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ImportResult } from '../../../shared/schemas/backup.ts';
import { asUser, type SessionCookies } from '../../test/auth-helpers.ts';
import type { TestContext } from '../../test/test-app.ts';

type Row = Record<string, unknown>;
export interface BackupFile {
  version: string;
  exportedAt: string;
  userId: string;
  notebooks: Row[];
  sections: Row[];
  notes: Row[];
  todos: Row[];
  todoCategories: Row[];
  todoItems: Row[];
  todoSubtasks: Row[];
  calendarIntegrations: Row[];
  taskCalendarEvents: Row[];
  labels: Row[];
  taskLabels: Row[];
  taskOccurrences: Row[];
  taskReminders: Row[];
}

export function exportRequest(ctx: TestContext, cookies: SessionCookies) {
  return ctx.app.inject({ method: 'GET', url: '/api/backup/export', ...asUser(cookies) });
}

/** The user's backup file, parsed; fails the test unless the export answered 200. */
export async function exportFile(ctx: TestContext, cookies: SessionCookies): Promise<BackupFile> {
  const res = await exportRequest(ctx, cookies);
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body) as BackupFile;
}

/** The file's text without its export time: equal texts mean equal accounts, byte for byte. */
export async function exportTextWithoutTime(ctx: TestContext, cookies: SessionCookies): Promise<string> {
  const res = await exportRequest(ctx, cookies);
  expect(res.statusCode, res.body).toBe(200);
  return res.body.replace(/"exportedAt":"[^"]*"/, '"exportedAt":""');
}

export function importRequest(
  ctx: TestContext,
  cookies: SessionCookies,
  body: string | object,
  query: { clearExisting?: boolean; dryRun?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const search = new URLSearchParams();
  if (query.clearExisting !== undefined) search.set('clearExisting', String(query.clearExisting));
  if (query.dryRun !== undefined) search.set('dryRun', String(query.dryRun));
  const qs = search.size > 0 ? `?${search}` : '';
  return ctx.app.inject({
    method: 'POST',
    url: `/api/backup/import${qs}`,
    headers: { 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    ...asUser(cookies),
  });
}

export async function importFile(
  ctx: TestContext,
  cookies: SessionCookies,
  body: string | object,
  query: { clearExisting?: boolean; dryRun?: boolean } = {},
): Promise<ImportResult> {
  const res = await importRequest(ctx, cookies, body, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ImportResult;
}

export function emptyFile(): BackupFile {
  return {
    version: '1.0.0',
    exportedAt: new Date().toISOString(),
    userId: 'someone',
    notebooks: [],
    sections: [],
    notes: [],
    todos: [],
    todoCategories: [],
    todoItems: [],
    todoSubtasks: [],
    calendarIntegrations: [],
    taskCalendarEvents: [],
    labels: [],
    taskLabels: [],
    taskOccurrences: [],
    taskReminders: [],
  };
}

const byPosition = (a: Row, b: Row) => Number(a.position) - Number(b.position);
const without = (row: Row, keys: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));

/**
 * A backup's content with ids taken out: each row nested under its parent, siblings by position. Two
 * accounts with equal canonical forms hold the same notes and todos, whatever their ids.
 */
export function canonical(file: BackupFile) {
  const children = (rows: Row[], parentKey: string, parentId: unknown) =>
    rows.filter((row) => row[parentKey] === parentId).sort(byPosition);
  const ids = ['id', 'user_id', 'notebook_id', 'section_id', 'todo_id', 'category_id', 'todo_item_id'];
  return {
    version: file.version,
    notebooks: [...file.notebooks].sort(byPosition).map((notebook) => ({
      ...without(notebook, ids),
      sections: children(file.sections, 'notebook_id', notebook.id).map((section) => ({
        ...without(section, ids),
        notes: children(file.notes, 'section_id', section.id).map((note) => without(note, ids)),
      })),
    })),
    todos: [...file.todos].sort(byPosition).map((todo) => ({
      ...without(todo, ids),
      categories: children(file.todoCategories, 'todo_id', todo.id).map((category) => ({
        ...without(category, ids),
        items: children(file.todoItems, 'category_id', category.id).map((item) => ({
          ...without(item, ids),
          subtasks: children(file.todoSubtasks, 'todo_item_id', item.id).map((s) => without(s, ids)),
          occurrences: (file.taskOccurrences ?? [])
            .filter((o) => o.task_id === item.id)
            .map((o) => without(o, ['task_id']))
            .sort((a, b) => String(a.occurrence_date).localeCompare(String(b.occurrence_date))),
          reminders: (file.taskReminders ?? [])
            .filter((r) => r.task_id === item.id)
            .map((r) => without(r, ['task_id', 'created_at']))
            .sort((a, b) => `${a.kind} ${a.offset_minutes}`.localeCompare(`${b.kind} ${b.offset_minutes}`)),
        })),
      })),
    })),
    calendarIntegrations: file.calendarIntegrations,
    taskCalendarEvents: file.taskCalendarEvents,
  };
}
