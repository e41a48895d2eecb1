import type {
  NoteIndexItem,
  NotesOutline,
  NotesTree,
  NotesTreeQuery,
  OutlineNotebook,
  TreeNotebook,
  TreeSection,
} from '../../../shared/schemas/note.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { listNotebooks, toNotebook } from './notebooks.repo.ts';
import {
  comparePages,
  countNotesBySection,
  listNoteIndex,
  listNoteSummaries,
  type NoteSummaryRow,
  toNoteSummary,
} from './notes.repo.ts';
import { listSections, toSection } from './sections.repo.ts';

/**
 * The workspace tree without page contents: `pages: 'titles'` with every page's title, `'count'` with each
 * section's page count only (what the web client asks for: its pages load when a section opens).
 */
export function loadNotesTree(
  deps: AppDeps,
  userId: string,
  pages: NotesTreeQuery['pages'],
): Promise<NotesTree | NotesOutline> {
  return pages === 'count' ? loadOutline(deps, userId) : loadFullTree(deps, userId);
}

/** Every page's id, section and title (the command palette's index of pages). */
export function loadNoteIndex(deps: AppDeps, userId: string): Promise<NoteIndexItem[]> {
  return listNoteIndex(deps.database.db, userId);
}

/**
 * The reads share one snapshot so a concurrent move cannot show a page in two places (a SQLite
 * transaction is one snapshot; PostgreSQL needs repeatable read for that).
 */
function inSnapshot<T>(deps: AppDeps, read: (trx: Db) => Promise<T>): Promise<T> {
  const { db, engine } = deps.database;
  const transaction =
    engine === 'postgres' ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
  return transaction.execute(read);
}

/** Notebooks, sections and page counts: three small queries whatever the number of pages. */
async function loadOutline(deps: AppDeps, userId: string): Promise<NotesOutline> {
  const [notebooks, sections, counts] = await inSnapshot(deps, (trx) =>
    Promise.all([listNotebooks(trx, userId), listSections(trx, userId), countNotesBySection(trx, userId)]),
  );
  const notebooksById = new Map<string, OutlineNotebook>();
  const tree: NotesOutline = { notebooks: [] };
  for (const row of notebooks) {
    const notebook: OutlineNotebook = { ...toNotebook(row), sections: [] };
    notebooksById.set(row.id, notebook);
    tree.notebooks.push(notebook);
  }
  for (const row of sections) {
    notebooksById
      .get(row.notebook_id)
      ?.sections.push({ ...toSection(row), noteCount: counts.get(row.id) ?? 0 });
  }
  return tree;
}

/**
 * Every page title too: one query per table, assembled in memory, so its cost grows with the number of
 * rows and not with round trips (10,000 pages are three queries).
 */
async function loadFullTree(deps: AppDeps, userId: string): Promise<NotesTree> {
  const [notebooks, sections, notes] = await inSnapshot(deps, (trx) =>
    Promise.all([listNotebooks(trx, userId), listSections(trx, userId), listNoteSummaries(trx, userId)]),
  );

  const sectionsById = new Map<string, TreeSection>();
  const pagesBySection = new Map<string, NoteSummaryRow[]>();
  const notebooksById = new Map<string, TreeNotebook>();
  const tree: NotesTree = { notebooks: [] };
  for (const row of notebooks) {
    const notebook: TreeNotebook = { ...toNotebook(row), sections: [] };
    notebooksById.set(row.id, notebook);
    tree.notebooks.push(notebook);
  }
  for (const row of sections) {
    const section: TreeSection = { ...toSection(row), noteCount: 0, notes: [] };
    sectionsById.set(row.id, section);
    notebooksById.get(row.notebook_id)?.sections.push(section);
  }
  for (const row of notes) {
    const pages = pagesBySection.get(row.section_id);
    if (pages) pages.push(row);
    else pagesBySection.set(row.section_id, [row]);
  }
  for (const [sectionId, pages] of pagesBySection) {
    const section = sectionsById.get(sectionId);
    if (!section) continue;
    section.notes = pages.sort(comparePages).map(toNoteSummary);
    section.noteCount = pages.length;
  }
  return tree;
}
