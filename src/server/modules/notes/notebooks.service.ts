import { notebookColors, pickRandomColor } from '../../../shared/domain/colors.ts';
import { messages } from '../../../shared/messages.ts';
import type { CreateNotebookBody, Notebook, UpdateNotebookBody } from '../../../shared/schemas/notebook.ts';
import { notFound } from '../../app-error.ts';
import type { AppDeps } from '../../deps.ts';
import { newRowId, withClientId } from '../../lib/client-ids.ts';
import { checkWholeOrder } from '../../lib/order-checks.ts';
import { lockOwner } from '../../lib/ordered-rows.ts';
import {
  deleteNotebook,
  insertNotebook,
  listNotebookIds,
  nextNotebookPosition,
  setNotebookPositions,
  toNotebook,
  updateNotebook,
} from './notebooks.repo.ts';

const notFoundError = () => notFound(messages.api.notFound);

/** Appends a notebook: `New Notebook` in a random one of the spec's six colours unless given. */
export async function createNotebook(
  deps: AppDeps,
  userId: string,
  body: CreateNotebookBody,
): Promise<Notebook> {
  const now = deps.now().toISOString();
  return withClientId('notebooks', () =>
    deps.database.db.transaction().execute(async (trx) => {
      // Parallel creates take turns, so each reads the last position the one before it wrote.
      if (!(await lockOwner(trx, userId))) throw notFoundError();
      const row = {
        id: newRowId(body.id),
        user_id: userId,
        title: body.title ?? messages.notes.newNotebook,
        color: body.color ?? pickRandomColor(notebookColors),
        position: await nextNotebookPosition(trx, userId),
        created_at: now,
        updated_at: now,
      };
      await insertNotebook(trx, row);
      return toNotebook(row);
    }),
  );
}

export async function changeNotebook(
  deps: AppDeps,
  userId: string,
  id: string,
  body: UpdateNotebookBody,
): Promise<Notebook> {
  const row = await updateNotebook(deps.database.db, userId, id, {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.color !== undefined ? { color: body.color } : {}),
    updated_at: deps.now().toISOString(),
  });
  if (!row) throw notFoundError();
  return toNotebook(row);
}

export async function removeNotebook(deps: AppDeps, userId: string, id: string): Promise<void> {
  // One statement: the database cascades to sections and notes atomically.
  if (!(await deleteNotebook(deps.database.db, userId, id))) throw notFoundError();
}

/** `ids` must name each of the user's notebooks exactly once; positions become the index. */
export async function reorderNotebooks(deps: AppDeps, userId: string, ids: readonly string[]): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    checkWholeOrder(ids, new Set(await listNotebookIds(trx, userId)));
    await setNotebookPositions(trx, userId, ids);
  });
}
