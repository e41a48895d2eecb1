import { defaultFilter } from 'cmdk';
import type { NotesTree } from '../../../shared/schemas/note.ts';
import type { TaskListItem } from '../../../shared/schemas/task.ts';
import type { TodosTree } from '../../../shared/schemas/todo.ts';

/**
 * What the command palette offers: the commands, and every notebook, section, page, list, category and
 * task the client already holds (the two trees, and the task lists of the categories opened so far), each
 * with where it lives. Pure, so the matching is tested without a browser.
 */

export type CommandId =
  | 'new-page'
  | 'new-task'
  | 'view-notes'
  | 'view-todos'
  | 'search'
  | 'settings'
  | 'sign-out';

export type PaletteEntry =
  | { kind: 'command'; id: CommandId; title: string }
  | { kind: 'notebook'; id: string; title: string; context: string }
  | { kind: 'section'; id: string; title: string; context: string }
  | { kind: 'page'; id: string; title: string; context: string }
  | { kind: 'list'; id: string; title: string; context: string }
  | { kind: 'category'; id: string; todoId: string; title: string; context: string }
  | { kind: 'task'; id: string; categoryId: string; title: string; context: string; completed: boolean };

export type PaletteKind = PaletteEntry['kind'];

export const kindLabels: Record<PaletteKind, string> = {
  command: 'Commands',
  notebook: 'Notebooks',
  section: 'Sections',
  page: 'Pages',
  list: 'Lists',
  category: 'Categories',
  task: 'Tasks',
};

export const commands: ReadonlyArray<{ id: CommandId; title: string }> = [
  { id: 'new-page', title: 'New page' },
  { id: 'new-task', title: 'New task' },
  { id: 'view-notes', title: 'Switch to Notes' },
  { id: 'view-todos', title: 'Switch to Todos' },
  { id: 'search', title: 'Search' },
  { id: 'settings', title: 'Settings' },
  { id: 'sign-out', title: 'Sign out' },
];

export const entryKey = (entry: PaletteEntry) => `${entry.kind}:${entry.id}`;

const path = (...parts: string[]) => parts.join(' › ');

export function notesEntries(tree: NotesTree | undefined): PaletteEntry[] {
  if (!tree) return [];
  return tree.notebooks.flatMap((notebook) => [
    { kind: 'notebook' as const, id: notebook.id, title: notebook.title, context: 'Notebook' },
    ...notebook.sections.flatMap((section) => [
      { kind: 'section' as const, id: section.id, title: section.title, context: notebook.title },
      ...section.notes.map((note) => ({
        kind: 'page' as const,
        id: note.id,
        title: note.title,
        context: path(notebook.title, section.title),
      })),
    ]),
  ]);
}

export function todosEntries(tree: TodosTree | undefined, taskLists: TaskListItem[][]): PaletteEntry[] {
  if (!tree) return [];
  const places = new Map<string, string>();
  const entries: PaletteEntry[] = tree.todos.flatMap((todo) => [
    { kind: 'list' as const, id: todo.id, title: todo.title, context: 'List' },
    ...todo.categories.map((category) => {
      places.set(category.id, path(todo.title, category.title));
      return {
        kind: 'category' as const,
        id: category.id,
        todoId: todo.id,
        title: category.title,
        context: todo.title,
      };
    }),
  ]);
  for (const tasks of taskLists) {
    for (const task of tasks) {
      const context = places.get(task.categoryId);
      if (context === undefined) continue;
      entries.push({
        kind: 'task',
        id: task.id,
        categoryId: task.categoryId,
        title: task.text,
        context,
        completed: task.completed,
      });
    }
  }
  return entries;
}

/** How many items (commands aside) a search shows: enough to choose from, few enough to render at once. */
export const matchLimit = 50;

/**
 * The entries matching `query`, best first: a fuzzy match on the name (letters in order, word starts and
 * runs weigh more: cmdk's command-score), with the place as a weaker hint. An empty query offers the
 * commands only. Ties keep the entries' order (trees in their own order).
 */
export function matchEntries(entries: PaletteEntry[], query: string, limit = matchLimit): PaletteEntry[] {
  const search = query.trim();
  const commandEntries: PaletteEntry[] = commands.map((c) => ({ kind: 'command', ...c }));
  if (!search) return commandEntries;
  const scored = [...commandEntries, ...entries]
    .map((entry, index) => ({ entry, index, score: scoreOf(entry, search) }))
    .filter((item) => item.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const seen = new Set<string>();
  const result: PaletteEntry[] = [];
  let items = 0;
  for (const { entry } of scored) {
    const key = entryKey(entry);
    if (seen.has(key)) continue;
    if (entry.kind !== 'command') {
      if (items === limit) continue;
      items += 1;
    }
    seen.add(key);
    result.push(entry);
  }
  return result;
}

function scoreOf(entry: PaletteEntry, search: string): number {
  const byName = defaultFilter(entry.title, search);
  if (byName > 0 || entry.kind === 'command') return byName;
  // The name alone does not match: its place with it may (`launch projects`), ranked below name matches.
  return defaultFilter(entry.title, search, [entry.context]) * 0.5;
}
