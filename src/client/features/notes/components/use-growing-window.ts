import { useEffect, useRef, useState } from 'react';

/** Rows a long page list renders at first, and how many more each time its end scrolls near. */
export const pageWindowStep = 200;

/** How far the last list had grown: a re-mount (dnd-kit arriving, lazy-dnd.tsx) keeps it. */
let grown = { key: '', shown: 0 };

/**
 * How many rows of a long list to render: the first `pageWindowStep`, growing by as many when the
 * sentinel after the last one comes within 400 px of view, and always through row `mustShow` (the
 * selected page). Every row is a sortable drag item; 10,000 of them at once took seconds to show
 * (docs/performance.md), a window of 200 does not. Starts again when `resetKey` (the section) changes; a list
 * mounted again on the same section keeps its size.
 */
export function useGrowingWindow(total: number, mustShow: number, resetKey: string) {
  const first = Math.max(pageWindowStep, mustShow, grown.key === resetKey ? grown.shown : 0);
  const [state, setState] = useState({ key: resetKey, shown: first });
  // Another section starts again; a row selected further down widens the window, which never shrinks
  // back while the section stays (the list would jump under the reader).
  if (state.key !== resetKey) setState({ key: resetKey, shown: first });
  else if (mustShow > state.shown) setState({ key: resetKey, shown: mustShow });
  const shown = Math.min(total, state.key === resetKey ? Math.max(state.shown, mustShow) : first);
  const sentinel = useRef<HTMLLIElement>(null);
  useEffect(() => {
    grown = state;
  }, [state]);

  useEffect(() => {
    const node = sentinel.current;
    // Without IntersectionObserver (jsdom) the window stays as it is.
    if (!node || shown >= total || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setState((s) => ({ key: s.key, shown: Math.max(s.shown, shown) + pageWindowStep }));
      },
      { rootMargin: '400px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [shown, total]);

  return { shown, sentinel, more: shown < total };
}
