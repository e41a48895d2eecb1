import type { Active, Announcements, Over } from '@dnd-kit/core';
import { type AnnouncedData, type DragModel, dragAnnouncements, readTreeData } from './drag-announcements.ts';
import type { DragData } from './tree-dnd.ts';
import type { TitledRow, TreeLevels } from './tree-levels.ts';

/** Test helpers for the sidebar trees' announcements and drops (tree-levels, drop-planner). */

/** A dnd-kit entry as the sidebar rows make them (only `id` and `data` are read). */
export const entry = (data: AnnouncedData) =>
  ({ id: `${data.kind}:${data.id}`, data: { current: data } }) as unknown as Active & Over;

export const sentences = (model: DragModel): Required<Announcements> =>
  dragAnnouncements(() => model, readTreeData) as Required<Announcements>;

const row = (id: string, title: string): TitledRow => ({ id, title });
const rows = (pairs: [string, string][]) => pairs.map(([id, title]) => row(id, title));

/** Work > Projects (4 pages), Work > Ideas (Launch plan, an untitled page), Home (no sections). */
export const notesPages: Record<string, TitledRow[]> = {
  's-projects': rows([
    ['p-1', 'Roadmap'],
    ['p-2', 'Budget'],
    ['p-3', 'Hiring'],
    ['p-4', 'Retro'],
  ]),
  's-ideas': rows([
    ['p-launch', 'Launch plan'],
    ['p-blank', ''],
  ]),
};

/** The notes tree; `loaded` says which sections' pages are in the cache (all of them by default). */
export const notesTree = (loaded: (sectionId: string) => boolean = () => true): TreeLevels => ({
  kinds: ['notebook', 'section', 'note'],
  tops: [
    {
      ...row('nb-work', 'Work'),
      children: rows([
        ['s-projects', 'Projects'],
        ['s-ideas', 'Ideas'],
      ]),
    },
    { ...row('nb-home', 'Home'), children: [] },
  ],
  leavesOf: (id) => (loaded(id) ? notesPages[id] : undefined),
  leafTitle: (page) => page.title,
});

/** The todos tree: Errands > Shopping (Milk, Bread), Errands > Home (tasks not loaded), Work (empty). */
export const todosTree = (): TreeLevels<{ id: string; text: string }> => ({
  kinds: ['todo', 'category', 'task'],
  tops: [
    {
      ...row('l-errands', 'Errands'),
      children: rows([
        ['c-shop', 'Shopping'],
        ['c-home', 'Home'],
      ]),
    },
    { ...row('l-work', 'Work'), children: [] },
  ],
  leavesOf: (id) =>
    id === 'c-shop'
      ? [
          { id: 't-milk', text: 'Milk' },
          { id: 't-bread', text: 'Bread' },
        ]
      : undefined,
  leafTitle: (task) => task.text,
});

export const data = (kind: DragData['kind'], id: string, parentId: string | null = null): DragData => ({
  kind,
  id,
  parentId,
});
