import { messages } from '../../shared/messages.ts';
import { badRequest, notFound } from '../app-error.ts';

const incompleteOrder = () => badRequest(messages.api.invalidInput, { ids: messages.notes.incompleteOrder });

/** A new order of all the rows of one run: each id must be one of `mine` (404) and all must be listed (400). */
export function checkWholeOrder(ids: readonly string[], mine: ReadonlySet<string>): void {
  if (ids.some((id) => !mine.has(id))) throw notFound(messages.api.notFound);
  if (ids.length !== mine.size) throw incompleteOrder();
}

/**
 * A new order of `parentId`'s children, where a child listed from another parent moves here. Each listed
 * id must be the user's (`listed` holds those that are: else 404), and every child already here must be
 * listed (else 400: a child leaves only by being listed elsewhere). Returns the other parents the listed
 * children leave, so their remaining children can close the gaps.
 */
export function checkChildOrder(
  ids: readonly string[],
  listed: ReadonlyArray<{ id: string; parentId: string }>,
  present: readonly string[],
  parentId: string,
): Set<string> {
  if (listed.length !== ids.length) throw notFound(messages.api.notFound);
  const wanted = new Set(ids);
  if (present.some((id) => !wanted.has(id))) throw incompleteOrder();
  return new Set(listed.map((row) => row.parentId).filter((id) => id !== parentId));
}
