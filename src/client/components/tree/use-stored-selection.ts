import { useCallback, useState } from 'react';
import { readLocal, writeLocal } from '../../lib/local-store.ts';

/** A tree's selection: one id, or null, per level (`notebookId`, `sectionId`, `noteId`). */
export type StoredSelection<K extends string> = Record<K, string | null>;

/**
 * The selection naming a top row, a middle row of it and a leaf of that (what is not named is not open),
 * for a tree whose levels' fields are `fields`: `notebookId`, `sectionId`, `noteId`.
 */
export const selectionBuilder =
  <K extends string>(fields: readonly [top: K, middle: K, leaf: K]) =>
  (top: string | null, middle: string | null = null, leaf: string | null = null): StoredSelection<K> =>
    Object.fromEntries(
      fields.map((field, level) => [field, [top, middle, leaf][level] ?? null]),
    ) as StoredSelection<K>;

/** The selection this device remembers; anything unreadable counts as nothing chosen. */
function stored<K extends string>(storageKey: string, fields: readonly [K, K, K]): StoredSelection<K> {
  const at = selectionBuilder(fields);
  try {
    const value = JSON.parse(readLocal(storageKey) ?? 'null') as Partial<Record<K, unknown>> | null;
    if (!value) return at(null);
    const id = (v: unknown) => (typeof v === 'string' ? v : null);
    const [top, middle, leaf] = fields.map((field) => id(value[field]));
    return at(top ?? null, middle ?? null, leaf ?? null);
  } catch {
    return at(null);
  }
}

/**
 * What was chosen in a sidebar tree, remembered on this device so a reload comes back to it. The
 * feature reads it through its tree (a moved row takes its parents along, a deleted one falls away).
 */
export function useStoredSelection<K extends string>(storageKey: string, fields: readonly [K, K, K]) {
  const [chosen, setChosen] = useState(() => stored(storageKey, fields));
  const select = useCallback(
    (next: StoredSelection<K>) => {
      setChosen(next);
      writeLocal(storageKey, JSON.stringify(next));
    },
    [storageKey],
  );
  return { chosen, select };
}
