import type { NoteSummary, NotesOutline } from '../../../shared/schemas/note.ts';
import type { TreeLevels } from '../../components/tree/tree-levels.ts';

/** The notes tree's levels: notebooks > sections > pages, a section's pages from `pagesOf`. */
export const notesLevels = (
  tree: NotesOutline | undefined,
  pagesOf: (sectionId: string) => readonly NoteSummary[] | undefined,
): TreeLevels<NoteSummary> => ({
  kinds: ['notebook', 'section', 'note'],
  tops: tree?.notebooks.map((notebook) => ({ ...notebook, children: notebook.sections })),
  leavesOf: pagesOf,
  leafTitle: (page) => page.title,
});
