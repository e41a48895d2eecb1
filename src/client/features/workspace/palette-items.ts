import { defaultFilter } from 'cmdk';
import type { NoteIndexItem, NotesOutline } from '../../../shared/schemas/note.ts';
import type { TaskIndexItem } from '../../../shared/schemas/task.ts';
import type { TodosTree } from '../../../shared/schemas/todo.ts';

/**
 * What the command palette offers: the commands, and every notebook, section, page, list, category and
 * task the client holds (the two trees, the task lists of the categories opened so far, and the task
 * index for the others), each with where it lives. Pure, so the matching is tested without a browser.
 */

export type CommandId =
  | 'new-page'
  | 'new-task'
  | 'view-notes'
  | 'view-todos'
  | 'search'
  | 'settings'
  | 'theme-system'
  | 'theme-light'
  | 'theme-dark'
  | 'sign-out';

export type PaletteEntry =
  | { kind: 'command'; id: CommandId; title: string }
  | { kind: 'notebook'; id: string; title: string; context: string }
  | { kind: 'section'; id: string; title: string; context: string }
  | { kind: 'page'; id: string; sectionId: string; title: string; context: string }
  | { kind: 'list'; id: string; title: string; context: string }
  | { kind: 'category'; id: string; todoId: string; title: string; context: string }
  | { kind: 'task'; id: string; categoryId: string; title: string; context: string; completed: boolean }
  | { kind: 'label'; id: string; title: string; context: string };

export type PaletteKind = PaletteEntry['kind'];

export const kindLabels: Record<PaletteKind, string> = {
  command: 'Commands',
  notebook: 'Notebooks',
  section: 'Sections',
  page: 'Pages',
  list: 'Lists',
  category: 'Categories',
  task: 'Tasks',
  label: 'Labels',
};

export const commands: ReadonlyArray<{ id: CommandId; title: string }> = [
  { id: 'new-page', title: 'New page' },
  { id: 'new-task', title: 'New task' },
  { id: 'view-notes', title: 'Switch to Notes' },
  { id: 'view-todos', title: 'Switch to Todos' },
  { id: 'search', title: 'Search' },
  { id: 'settings', title: 'Settings' },
  // The top bar's theme menu and Settings → Account offer the same three.
  { id: 'theme-system', title: 'Theme: System' },
  { id: 'theme-light', title: 'Theme: Light' },
  { id: 'theme-dark', title: 'Theme: Dark' },
  { id: 'sign-out', title: 'Sign out' },
];

export const entryKey = (entry: PaletteEntry) => `${entry.kind}:${entry.id}`;

const path = (...parts: string[]) => parts.join(' › ');

type PageName = Pick<NoteIndexItem, 'id' | 'title'>;

/**
 * Notebooks, sections and pages. The tree carries page counts only (docs/performance.md): a section's pages come
 * from its loaded list (`pagesOf`, current to the keystroke) or else from the page index fetched as the
 * palette opens; until that arrives, the server's search finds the others (notePageEntry).
 */
export function notesEntries(
  tree: NotesOutline | undefined,
  pagesOf: (sectionId: string) => readonly PageName[] | undefined,
  index: readonly NoteIndexItem[] = [],
): PaletteEntry[] {
  if (!tree) return [];
  const indexed = new Map<string, NoteIndexItem[]>();
  for (const item of index) {
    const list = indexed.get(item.sectionId);
    if (list) list.push(item);
    else indexed.set(item.sectionId, [item]);
  }
  return tree.notebooks.flatMap((notebook) => [
    { kind: 'notebook' as const, id: notebook.id, title: notebook.title, context: 'Notebook' },
    ...notebook.sections.flatMap((section) => [
      { kind: 'section' as const, id: section.id, title: section.title, context: notebook.title },
      ...(pagesOf(section.id) ?? indexed.get(section.id) ?? []).map((note) => ({
        kind: 'page' as const,
        id: note.id,
        sectionId: section.id,
        title: note.title,
        context: path(notebook.title, section.title),
      })),
    ]),
  ]);
}

/** A page the server's search found, placed by the tree; null when its section is not in the tree. */
export function notePageEntry(
  tree: NotesOutline | undefined,
  hit: { id: string; sectionId: string; title: string },
): PaletteEntry | null {
  for (const notebook of tree?.notebooks ?? []) {
    const section = notebook.sections.find((s) => s.id === hit.sectionId);
    if (section) {
      const context = path(notebook.title, section.title);
      return { kind: 'page', id: hit.id, sectionId: section.id, title: hit.title, context };
    }
  }
  return null;
}

/**
 * The tasks to offer: the category lists the client holds (current to the last click), and for every
 * other category the server's task index (GET /api/tasks/index, fetched when the palette opens).
 */
export function taskSources(
  loaded: ReadonlyMap<string, readonly TaskIndexItem[]>,
  index: readonly TaskIndexItem[] | undefined,
): Array<readonly TaskIndexItem[]> {
  const lists = [...loaded.values()];
  if (index) lists.push(index.filter((task) => !loaded.has(task.categoryId)));
  return lists;
}

export function todosEntries(
  tree: TodosTree | undefined,
  taskLists: ReadonlyArray<readonly TaskIndexItem[]>,
): PaletteEntry[] {
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

/** The user's labels: choosing one opens its view, the tasks with it across lists. */
export function labelEntries(
  labels: ReadonlyArray<{ id: string; name: string; taskCount: number }>,
): PaletteEntry[] {
  return labels.map((label) => ({
    kind: 'label' as const,
    id: label.id,
    title: label.name,
    context: label.taskCount === 1 ? '1 task' : `${label.taskCount} tasks`,
  }));
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
  const letters = [...new Set(normal(search))];
  const scored = [...commandEntries, ...entries]
    .map((entry, index) => ({ entry, index, score: scoreOf(entry, search, letters) }))
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

/** cmdk's own normalisation before it scores: lower case, spaces and dashes alike. */
const normal = (text: string) => text.toLowerCase().replace(/[\s-]/g, ' ');

/**
 * Whether every letter of the search occurs in `text`. command-score finds each letter in order (it may
 * skip a doubled or swapped one, never one that is absent), so without them its score is 0: this cheap
 * test first keeps a keystroke fast over tens of thousands of tasks (the task index, docs/PRODUCT.md §10.7).
 */
const hasEvery = (text: string, letters: readonly string[]) => letters.every((c) => text.includes(c));

function scoreOf(entry: PaletteEntry, search: string, letters: readonly string[]): number {
  const name = normal(entry.title);
  const byName = hasEvery(name, letters) ? defaultFilter(entry.title, search) : 0;
  if (byName > 0 || entry.kind === 'command') return byName;
  // The name alone does not match: its place with it may (`launch projects`), ranked below name matches.
  if (!hasEvery(`${name} ${normal(entry.context)}`, letters)) return 0;
  return defaultFilter(entry.title, search, [entry.context]) * 0.5;
}
