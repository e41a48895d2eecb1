import { useCallback, useEffect, useRef, useState } from 'react';
import { readLocal, writeLocal } from '../../../lib/local-store.ts';

/** Spec §9: collapse breakpoint 1280 px, resize debounce 250 ms. */
export const COLLAPSE_BREAKPOINT = 1280;
export const RESIZE_DEBOUNCE_MS = 250;
export const collapsedStorageKey = 'jotlist-sidebar-collapsed';

const isNarrow = () => window.innerWidth < COLLAPSE_BREAKPOINT;

function rememberedCollapsed(): boolean {
  return readLocal(collapsedStorageKey) === 'true';
}

/**
 * The sidebar's open state. It starts collapsed on a narrow window; on a wide one it starts as the user
 * last left it. Crossing the breakpoint (debounced) collapses it, or brings back the remembered choice.
 */
export function useSidebarCollapse() {
  const [collapsed, setCollapsedState] = useState(() => isNarrow() || rememberedCollapsed());
  const [narrow, setNarrow] = useState(isNarrow);
  const narrowRef = useRef(narrow);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const nowNarrow = isNarrow();
        if (nowNarrow === narrowRef.current) return;
        narrowRef.current = nowNarrow;
        setNarrow(nowNarrow);
        setCollapsedState(nowNarrow || rememberedCollapsed());
      }, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  /** A choice made by the user: remembered for the next visit. */
  const setCollapsed = useCallback((value: boolean) => {
    setCollapsedState(value);
    writeLocal(collapsedStorageKey, String(value));
  }, []);

  /** After picking a page or a search result: a narrow screen gives the room back to the content. */
  const collapseIfNarrow = useCallback(() => {
    if (isNarrow()) setCollapsedState(true);
  }, []);

  return { collapsed, narrow, setCollapsed, collapseIfNarrow };
}
