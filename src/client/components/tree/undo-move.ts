/**
 * The inverse of a move, made against the order as it is NOW (issue 14.3): `id` goes back to the index
 * it had, among whatever siblings the parent holds when Undo is pressed. Replaying the old id list
 * instead would drop a sibling added since, or name one deleted since (the server refuses both).
 */
export function restoreAt(current: readonly string[], id: string, index: number): string[] {
  const rest = current.filter((other) => other !== id);
  const at = Math.max(0, Math.min(index, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
