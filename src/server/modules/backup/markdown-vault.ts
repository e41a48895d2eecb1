import { posix } from 'node:path';
import { messages } from '../../../shared/messages.ts';
import { contentMaxBytes, contentMaxLength } from '../../../shared/schemas/note.ts';
import { titleMaxLength } from '../../../shared/schemas/notebook.ts';
import { fitsUtf8Bytes } from '../../../shared/schemas/text-limits.ts';
import { refuseImport } from './backup-validation.ts';
import { dateField, splitFrontMatter, textField } from './markdown-front-matter.ts';
import { type LinkTargets, rewriteLinks } from './markdown-links.ts';
import { labelKey, parseTodoList } from './markdown-todos.ts';

const m = messages.markdownImport;

/** The zip's Markdown pages (read whole: a page is at most 1 MB) and the names of its other entries. */
export interface VaultInput {
  pages: Array<{ path: string; text: string; modified: string }>;
  files: Array<{ path: string }>;
  directories: string[];
  /** The uploaded file's name, for the notebook of pages at the zip's root. */
  zipName?: string;
  newId: () => string;
}

/** A file a page links to, to be stored as an attachment of the account. */
export interface VaultFile {
  id: string;
  path: string;
  name: string;
  type: string;
}

type Row = Record<string, unknown>;

/** Rows in the JSON backup's shape (its ids already new), fed to the import's planner. */
export interface VaultRows {
  notebooks: Row[];
  sections: Row[];
  notes: Row[];
  todos: Row[];
  todoCategories: Row[];
  todoItems: Row[];
  todoSubtasks: Row[];
  labels: Row[];
  taskLabels: Row[];
}

/** Notion's export appends ` <32 hex digits>` to every name. */
const notionId = /\s+[0-9a-f]{32}$/i;
const cleanName = (name: string) => name.replace(notionId, '').trim().slice(0, titleMaxLength) || 'Untitled';
const hidden = (path: string) => path.split('/').some((part) => part.startsWith('.') || part === '__MACOSX');

const types: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.zip': 'application/zip',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
export const fileType = (name: string) =>
  types[posix.extname(name).toLowerCase()] ?? 'application/octet-stream';

/** Whether the zip is our own export: a root README.md beside a Todos/ folder. */
export function isOurExport(input: Pick<VaultInput, 'pages' | 'files' | 'directories'>): boolean {
  const paths = [...input.pages.map((p) => p.path), ...input.files.map((f) => f.path), ...input.directories];
  return paths.includes('README.md') && paths.some((path) => path === 'Todos' || path.startsWith('Todos/'));
}

/** A todo-list file of our export (or any file declaring itself one): `Todos/<List>.md`, `type: todo-list`. */
const isTodoList = (path: string, fields: Record<string, unknown>) =>
  path.startsWith('Todos/') && path.split('/').length === 2 && textField(fields, 'type') === 'todo-list';

/**
 * Turns a zip's Markdown into rows: the top folder is a notebook, the second a section, deeper folders a
 * section named `A / B`; pages at the root go to a notebook named after the zip, a notebook's own pages
 * to its section `Notes`. Titles from front matter, else a first-line `# Heading`, else the file name;
 * dates from front matter, else the entry's time. Links between pages and to files are rewritten once
 * every page has its id.
 */
export function buildVault(input: VaultInput): { rows: VaultRows; files: VaultFile[] } {
  const { newId } = input;
  const ours = isOurExport(input);
  const rows: VaultRows = {
    notebooks: [],
    sections: [],
    notes: [],
    todos: [],
    todoCategories: [],
    todoItems: [],
    todoSubtasks: [],
    labels: [],
    taskLabels: [],
  };
  const notebookIds = new Map<string, string>();
  const sectionIds = new Map<string, string>();
  const rootNotebook = cleanName((input.zipName ?? '').replace(/\.zip$/i, '') || m.defaultNotebook);
  const now = new Date().toISOString();
  // Rows so far per parent: the next one's position.
  const sectionsIn = new Map<string, number>();
  const pagesIn = new Map<string, number>();

  function notebook(key: string, at: string): string {
    let id = notebookIds.get(key);
    if (!id) {
      id = newId();
      notebookIds.set(key, id);
      const title = key === '' ? rootNotebook : cleanName(key);
      rows.notebooks.push({ id, title, position: rows.notebooks.length, created_at: at, updated_at: at });
    }
    return id;
  }
  function section(folders: string[], at: string): string {
    const key = folders.join('/');
    let id = sectionIds.get(key);
    if (!id) {
      const notebookId = notebook(folders[0] ?? '', at);
      id = newId();
      sectionIds.set(key, id);
      const title = folders.length <= 1 ? m.rootSection : folders.slice(1).map(cleanName).join(' / ');
      const position = sectionsIn.get(notebookId) ?? 0;
      sectionsIn.set(notebookId, position + 1);
      rows.sections.push({ id, notebook_id: notebookId, title, position, created_at: at, updated_at: at });
    }
    return id;
  }

  // Our export lists empty notebooks and sections as folders of their own.
  if (ours) {
    for (const dir of input.directories) {
      const parts = dir.split('/');
      if (hidden(dir) || parts[0] === 'Todos' || parts.length > 2) continue;
      if (parts.length === 1) notebook(parts[0] ?? '', now);
      else section(parts, now);
    }
  }

  const pageIds = new Map<string, string>();
  const pagesByName = new Map<string, string>();
  const pending: Array<{ id: string; path: string; body: string; row: Row }> = [];
  for (const page of input.pages) {
    if (hidden(page.path) || (ours && page.path === 'README.md')) continue;
    const { fields, body } = splitFrontMatter(page.text);
    const created = dateField(fields, ['created', 'date', 'created_at']) ?? page.modified;
    const updated =
      dateField(fields, ['updated', 'updated_at', 'modified']) ?? (fields.created ? created : page.modified);
    if (isTodoList(page.path, fields)) {
      addTodoList(rows, newId, page.path, fields, body, created, updated);
      continue;
    }
    const folders = posix.dirname(page.path) === '.' ? [] : posix.dirname(page.path).split('/');
    const sectionId = section(folders.length === 0 ? [''] : folders, created);
    const id = newId();
    const name = posix.basename(page.path, posix.extname(page.path));
    const heading = /^#\s+(.+?)\s*#*\s*(?:\r?\n|$)/.exec(body);
    const title = (textField(fields, 'title') ?? heading?.[1] ?? cleanName(name)).slice(0, titleMaxLength);
    pageIds.set(page.path.toLowerCase(), id);
    const byName = cleanName(name).toLowerCase();
    if (!pagesByName.has(byName)) pagesByName.set(byName, id);
    const row: Row = { id, section_id: sectionId, title: title.trim() ? title : 'Untitled', content: '' };
    const position = pagesIn.get(sectionId) ?? 0;
    pagesIn.set(sectionId, position + 1);
    Object.assign(row, { position });
    Object.assign(row, { created_at: created, updated_at: updated });
    rows.notes.push(row);
    pending.push({ id, path: page.path, body, row });
  }

  const files = new Map<string, VaultFile>();
  const filePaths = new Map(
    input.files.filter((f) => !hidden(f.path)).map((f) => [f.path.toLowerCase(), f.path]),
  );
  const filesByName = new Map<string, string>();
  for (const path of filePaths.values()) {
    const name = posix.basename(path).toLowerCase();
    if (!filesByName.has(name)) filesByName.set(name, path);
  }
  const targets: LinkTargets = {
    page(paths, name) {
      for (const path of paths) {
        const id = path === null ? undefined : pageIds.get(path.toLowerCase());
        if (id) return id;
      }
      return name === null ? undefined : pagesByName.get(cleanName(name).toLowerCase());
    },
    file(paths, name) {
      let path: string | undefined;
      for (const candidate of paths)
        path ??= candidate === null ? undefined : filePaths.get(candidate.toLowerCase());
      if (!path && name !== null) path = filesByName.get(name.toLowerCase());
      if (!path) return undefined;
      let file = files.get(path);
      if (!file) {
        const fileName = posix.basename(path);
        file = { id: newId(), path, name: fileName, type: fileType(fileName) };
        files.set(path, file);
      }
      return file;
    },
  };
  for (const page of pending) {
    const content = rewriteLinks(page.body, page.path, targets);
    // Checked after the links are rewritten (an app link is longer than a wiki link), naming the file.
    if (content.length > contentMaxLength || !fitsUtf8Bytes(content, contentMaxBytes)) {
      throw refuseImport(m.pageTooLarge(page.path));
    }
    page.row.content = content;
  }
  return { rows, files: [...files.values()] };
}

function addTodoList(
  rows: VaultRows,
  newId: () => string,
  path: string,
  fields: Record<string, unknown>,
  body: string,
  created: string,
  updated: string,
): void {
  const todoId = newId();
  const title = (textField(fields, 'title') ?? cleanName(posix.basename(path, '.md'))).slice(
    0,
    titleMaxLength,
  );
  const times = { created_at: created, updated_at: updated };
  rows.todos.push({ id: todoId, title, position: rows.todos.length, ...times });
  const labels = new Map(rows.labels.map((row) => [labelKey(String(row.name)), String(row.id)]));
  for (const [categoryIndex, category] of parseTodoList(body).categories.entries()) {
    const categoryId = newId();
    const categoryTitle = category.title.slice(0, titleMaxLength);
    rows.todoCategories.push({
      id: categoryId,
      todo_id: todoId,
      title: categoryTitle,
      position: categoryIndex,
      ...times,
    });
    for (const [taskIndex, task] of category.tasks.entries()) {
      const taskId = newId();
      rows.todoItems.push({
        id: taskId,
        category_id: categoryId,
        text: task.text,
        completed: task.completed,
        due_date: task.dueDate,
        due_time: task.dueTime,
        priority: task.priority,
        description: task.description,
        repeat_rule: task.dueDate ? (task.repeat?.rule ?? null) : null,
        repeat_mode: task.dueDate && task.repeat ? task.repeat.mode : null,
        position: taskIndex,
        ...times,
      });
      for (const [subIndex, subtask] of task.subtasks.entries()) {
        rows.todoSubtasks.push({
          id: newId(),
          todo_item_id: taskId,
          ...subtask,
          position: subIndex,
          ...times,
        });
      }
      for (const name of task.labels) {
        let labelId = labels.get(labelKey(name));
        if (!labelId) {
          labelId = newId();
          labels.set(labelKey(name), labelId);
          rows.labels.push({ id: labelId, name, ...times });
        }
        rows.taskLabels.push({ task_id: taskId, label_id: labelId });
      }
    }
  }
}
