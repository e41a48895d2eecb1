import type { NotesTree, TreeNotebook, TreeSection } from '../../../shared/schemas/note.ts';
import type { AppDeps } from '../../deps.ts';
import { listNotebooks, toNotebook } from '../notebooks/notebooks.repo.ts';
import { listSections, toSection } from '../notebooks/sections.repo.ts';
import { comparePages, listNoteSummaries, type NoteSummaryRow, toNoteSummary } from './notes.repo.ts';

/**
 * The whole workspace tree without page contents: one query per table, assembled in memory, so its
 * cost grows with the number of rows and not with round trips (10,000 pages are three queries).
 * The three reads share one snapshot so a concurrent move cannot show a page in two places (a SQLite
 * transaction is one snapshot; PostgreSQL needs repeatable read for that).
 */
export async function loadNotesTree(deps: AppDeps, userId: string): Promise<NotesTree> {
  const { db, engine } = deps.database;
  const transaction =
    engine === 'postgres' ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
  const [notebooks, sections, notes] = await transaction.execute((trx) =>
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
    const section: TreeSection = { ...toSection(row), notes: [] };
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
    if (section) section.notes = pages.sort(comparePages).map(toNoteSummary);
  }
  return tree;
}
