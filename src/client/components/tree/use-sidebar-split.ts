import { useCallback, useState } from 'react';
import { readLocal, writeLocal } from '../../lib/local-store.ts';

/** docs/PRODUCT.md §2.5, §9: default 50 %, clamped to 20–80 %, saved locally under `sidebar-split`. */
export const splitStorageKey = 'sidebar-split';
export const SPLIT_DEFAULT = 50;
export const SPLIT_MIN = 20;
export const SPLIT_MAX = 80;

export const clampSplit = (value: number) => Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, Math.round(value)));

function storedSplit(): number {
  const value = Number(readLocal(splitStorageKey));
  return readLocal(splitStorageKey) !== null && Number.isFinite(value) ? clampSplit(value) : SPLIT_DEFAULT;
}

export function useSidebarSplit() {
  const [split, setSplitState] = useState(storedSplit);
  const setSplit = useCallback((value: number) => {
    const next = clampSplit(value);
    setSplitState(next);
    writeLocal(splitStorageKey, String(next));
  }, []);
  return { split, setSplit };
}
