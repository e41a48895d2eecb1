/**
 * What the selection falls back to when its row is deleted (spec §4): the first remaining sibling, in
 * the notes tree (notebooks, sections, pages) and the todos tree (todos, categories, tasks) alike.
 */
export function firstRemaining<T extends { id: string }>(
  items: readonly T[],
  removedId: string,
): string | null {
  return items.find((item) => item.id !== removedId)?.id ?? null;
}
