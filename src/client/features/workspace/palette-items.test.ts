import { describe, expect, it } from 'vitest';
import type { NotesTree } from '../../../shared/schemas/note.ts';
import type { TaskListItem } from '../../../shared/schemas/task.ts';
import type { TodosTree } from '../../../shared/schemas/todo.ts';
import {
  commands,
  entryKey,
  matchEntries,
  notePageEntry,
  notesEntries,
  taskSources,
  todosEntries,
} from './palette-items.ts';

const page = (id: string, title: string) => ({
  id,
  title,
  position: 0,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const notes = {
  notebooks: [
    {
      id: 'nb-work',
      title: 'Work',
      sections: [
        {
          id: 'sec-projects',
          title: 'Projects',
          notes: [page('p-launch', 'Launch plan'), page('p-explain', 'Explanation'), page('p-plan', 'Plan')],
        },
      ],
    },
    { id: 'nb-home', title: 'Home', sections: [{ id: 'sec-garden', title: 'Garden', notes: [] }] },
  ],
} as NotesTree;

/** Every section of a test tree counts as loaded, with the pages the fixture lists. */
const loaded = (tree: NotesTree) => (sectionId: string) =>
  tree.notebooks.flatMap((n) => n.sections).find((s) => s.id === sectionId)?.notes;

const todos = {
  todos: [
    {
      id: 'todo-errands',
      title: 'Errands',
      categories: [
        { id: 'cat-shop', todoId: 'todo-errands', title: 'Shopping', activeCount: 1, doneCount: 0 },
      ],
    },
  ],
} as TodosTree;

const task = (id: string, text: string, categoryId = 'cat-shop') =>
  ({ id, text, categoryId, completed: false }) as TaskListItem;

const everything = [
  ...notesEntries(notes, loaded(notes)),
  ...todosEntries(todos, [[task('t-milk', 'Buy oat milk')]]),
];
const titles = (query: string) => matchEntries(everything, query).map((e) => `${e.kind}:${e.title}`);

describe('the command palette matching', () => {
  it('offers every notebook, section, page, list, category and loaded task, with where it lives', () => {
    expect(everything.map((e) => [e.kind, e.title, 'context' in e ? e.context : ''])).toEqual([
      ['notebook', 'Work', 'Notebook'],
      ['section', 'Projects', 'Work'],
      ['page', 'Launch plan', 'Work › Projects'],
      ['page', 'Explanation', 'Work › Projects'],
      ['page', 'Plan', 'Work › Projects'],
      ['notebook', 'Home', 'Notebook'],
      ['section', 'Garden', 'Home'],
      ['list', 'Errands', 'List'],
      ['category', 'Shopping', 'Errands'],
      ['task', 'Buy oat milk', 'Errands › Shopping'],
    ]);
  });

  it('shows only the commands before anything is typed', () => {
    expect(matchEntries(everything, '  ').map((e) => e.title)).toEqual(commands.map((c) => c.title));
  });

  it('matches letters in order (fuzzy) and ranks whole words and word starts first', () => {
    expect(titles('lchpl')).toEqual(['page:Launch plan']);
    expect(titles('plan')).toEqual(['page:Plan', 'page:Launch plan', 'page:Explanation']);
    expect(titles('oat')).toEqual(['task:Buy oat milk']);
  });

  it('finds commands by name among the items', () => {
    expect(titles('settings')[0]).toBe('command:Settings');
    expect(titles('switch to t')).toContain('command:Switch to Todos');
  });

  it('falls back to the place when the name alone does not match, ranked below name matches', () => {
    const found = titles('launch projects');
    expect(found).toEqual(['page:Launch plan']);
    const withName = matchEntries(everything, 'projects');
    expect(withName[0]?.title).toBe('Projects');
  });

  it('skips tasks whose category is not in the tree, and keeps at most the limit of items', () => {
    expect(
      todosEntries(todos, [[task('t-lost', 'Lost task', 'cat-gone')]]).some((e) => e.kind === 'task'),
    ).toBe(false);
    const many = {
      notebooks: [
        {
          ...notes.notebooks[0],
          sections: [
            { id: 's', title: 'S', notes: Array.from({ length: 120 }, (_, i) => page(`p${i}`, `Note ${i}`)) },
          ],
        },
      ],
    } as NotesTree;
    const found = matchEntries(notesEntries(many, loaded(many)), 'note', 50);
    expect(found.filter((e) => e.kind !== 'command')).toHaveLength(50);
    expect(new Set(found.map(entryKey)).size).toBe(found.length);
  });

  it('lists the pages of loaded sections only; a search hit elsewhere is placed by the tree', () => {
    const projectsOnly = notesEntries(notes, (id) => (id === 'sec-projects' ? loaded(notes)(id) : undefined));
    expect(projectsOnly.filter((e) => e.kind === 'page')).toHaveLength(3);
    const unloaded = notesEntries(notes, () => undefined);
    expect(unloaded.map((e) => e.kind)).toEqual(['notebook', 'section', 'notebook', 'section']);
    expect(notePageEntry(notes, { id: 'p-rose', sectionId: 'sec-garden', title: 'Roses' })).toEqual({
      kind: 'page',
      id: 'p-rose',
      sectionId: 'sec-garden',
      title: 'Roses',
      context: 'Home › Garden',
    });
    expect(notePageEntry(notes, { id: 'p-x', sectionId: 'sec-gone', title: 'Lost' })).toBeNull();
  });

  it('takes pages of sections not loaded from the page index; a loaded list wins over it', () => {
    const index = [
      { id: 'p-old', sectionId: 'sec-projects', title: 'Old name' },
      { id: 'p-rose', sectionId: 'sec-garden', title: 'Roses' },
    ];
    const onlyProjects = (id: string) => (id === 'sec-projects' ? loaded(notes)(id) : undefined);
    const pages = notesEntries(notes, onlyProjects, index).filter((e) => e.kind === 'page');
    expect(pages.map((e) => [e.title, e.context])).toEqual([
      ['Launch plan', 'Work › Projects'],
      ['Explanation', 'Work › Projects'],
      ['Plan', 'Work › Projects'],
      ['Roses', 'Home › Garden'],
    ]);
    expect(pages.at(-1)).toMatchObject({ id: 'p-rose', sectionId: 'sec-garden' });
  });
});

describe('tasks from the task index', () => {
  const index = [
    task('t-invoice', 'Send the invoice', 'cat-shop'),
    task('t-milk', 'Buy oat milk', 'cat-shop'),
    task('t-orphan', 'In a category since deleted', 'cat-gone'),
  ];

  it("offers the index's tasks where no list is loaded, the loaded list's where one is", () => {
    const fromIndex = todosEntries(todos, taskSources(new Map(), index));
    expect(fromIndex.filter((e) => e.kind === 'task').map((e) => [e.title, e.context])).toEqual([
      ['Send the invoice', 'Errands › Shopping'],
      ['Buy oat milk', 'Errands › Shopping'],
    ]);
    const loaded = new Map([['cat-shop', [task('t-milk', 'Buy oat milk and bread')]]]);
    const mixed = todosEntries(todos, taskSources(loaded, index));
    expect(mixed.filter((e) => e.kind === 'task').map((e) => e.title)).toEqual(['Buy oat milk and bread']);
  });

  it('still finds a name typed with a swapped or doubled letter (the quick letter test drops nothing)', () => {
    const entries = todosEntries(todos, taskSources(new Map(), index));
    const found = (query: string) => matchEntries(entries, query).map((e) => e.title);
    expect(found('inovice')).toContain('Send the invoice');
    expect(found('oat mlik')).toContain('Buy oat milk');
    expect(found('miilk')).toContain('Buy oat milk');
    expect(found('oat milk q')).toEqual([]);
  });
});

describe('theme commands', () => {
  it('switch the theme from the palette, as the top bar menu does', () => {
    expect(titles('dark')[0]).toBe('command:Theme: Dark');
    expect(titles('theme').filter((title) => title.startsWith('command:'))).toEqual([
      'command:Theme: System',
      'command:Theme: Light',
      'command:Theme: Dark',
    ]);
  });
});
