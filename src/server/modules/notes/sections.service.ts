import { messages } from '../../../shared/messages.ts';
import type { CreateSectionBody, Section, UpdateSectionBody } from '../../../shared/schemas/notebook.ts';
import { notFound } from '../../app-error.ts';
import type { AppDeps } from '../../deps.ts';
import { newRowId, withClientId } from '../../lib/client-ids.ts';
import { checkChildOrder } from '../../lib/order-checks.ts';
import { lockParent } from '../../lib/ordered-rows.ts';
import {
  deleteSection,
  findSectionsByIds,
  insertSection,
  nextSectionPosition,
  placeSections,
  renameSection,
  sectionIdsInNotebook,
  toSection,
} from './sections.repo.ts';

const notFoundError = () => notFound(messages.api.notFound);

/** Appends `New Section` (unless named) to one of the user's notebooks. */
export async function createSection(
  deps: AppDeps,
  userId: string,
  body: CreateSectionBody,
): Promise<Section> {
  const now = deps.now().toISOString();
  return withClientId('sections', () =>
    deps.database.db.transaction().execute(async (trx) => {
      // Locked: parallel creates take turns, and a delete of the notebook waits or comes first (404).
      if (!(await lockParent(trx, 'notebooks', userId, body.notebookId))) throw notFoundError();
      const row = {
        id: newRowId(body.id),
        notebook_id: body.notebookId,
        user_id: userId,
        title: body.title ?? messages.notes.newSection,
        position: await nextSectionPosition(trx, userId, body.notebookId),
        created_at: now,
        updated_at: now,
      };
      await insertSection(trx, row);
      return toSection(row);
    }),
  );
}

export async function changeSection(
  deps: AppDeps,
  userId: string,
  id: string,
  body: UpdateSectionBody,
): Promise<Section> {
  const row = await renameSection(deps.database.db, userId, id, body.title, deps.now().toISOString());
  if (!row) throw notFoundError();
  return toSection(row);
}

export async function removeSection(deps: AppDeps, userId: string, id: string): Promise<void> {
  if (!(await deleteSection(deps.database.db, userId, id))) throw notFoundError();
}

/**
 * The new order of a notebook's sections, in one transaction. A listed section of another of the user's
 * notebooks moves here, its notes' notebook_id following; the notebooks it left close their gaps.
 * Every section already in the notebook must be listed (a section leaves only by being listed elsewhere).
 */
export async function orderSections(
  deps: AppDeps,
  userId: string,
  notebookId: string,
  ids: readonly string[],
): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    // Positions here become 0..n-1 (sections moved in included): no create may append meanwhile.
    if (!(await lockParent(trx, 'notebooks', userId, notebookId))) throw notFoundError();
    const listed = await findSectionsByIds(trx, userId, ids);
    const present = await sectionIdsInNotebook(trx, userId, notebookId);
    const leftBehind = checkChildOrder(ids, listed, present, notebookId);

    await placeSections(trx, userId, notebookId, ids);
    for (const sourceId of leftBehind) {
      await placeSections(trx, userId, sourceId, await sectionIdsInNotebook(trx, userId, sourceId));
    }
  });
}
