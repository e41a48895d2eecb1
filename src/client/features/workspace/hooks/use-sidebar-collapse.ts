import { useCallback, useEffect, useRef, useState } from 'react';
import { readLocal, writeLocal } from '../../../lib/local-store.ts';

/** docs/PRODUCT.md §9: collapse breakpoint 1280 px, resize debounce 250 ms. */
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

  /** Opens it without remembering the choice (the first look below). */
  const showForNow = useCallback(() => setCollapsedState(false), []);

  return { collapsed, narrow, setCollapsed, collapseIfNarrow, showForNow };
}

/**
 * A narrow screen opens on the sidebar when the content area would show nothing (docs/PRODUCT.md §10.3): a new
 * account on a phone saw `No page selected` with nothing to press. Decided once, when the workspace's
 * tree has loaded; after that the sidebar is the user's to open and close.
 */
export function useSidebarFirstLook(ready: boolean, nothingShown: boolean, show: () => void) {
  const decided = useRef(false);
  useEffect(() => {
    if (decided.current || !ready) return;
    decided.current = true;
    if (nothingShown && isNarrow()) show();
  }, [ready, nothingShown, show]);
}
