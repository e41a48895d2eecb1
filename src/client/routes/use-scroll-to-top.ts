import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '../lib/router.tsx';

/**
 * A link to another page (footer -> /terms) must open that page at its top, not at the scroll offset of
 * the page left behind; the router does not do this by itself. Back and forward (POP) keep the
 * browser's own restoration, and #section links scroll to their section themselves.
 */
export function useScrollToTopOnNavigation(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const lastPathname = useRef(pathname);
  useLayoutEffect(() => {
    if (lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    if (navigationType !== 'POP' && !hash && window.scrollY !== 0) {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    }
  }, [pathname, hash, navigationType]);
}
