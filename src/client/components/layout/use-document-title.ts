import { useEffect } from 'react';

const siteName = 'Jotlist';
/** The home page's title, as in index.html. */
const siteTitle = 'Jotlist — notes and tasks, together';

/**
 * Sets the tab title to "<page> — Jotlist" (or the site's own title for null) while the page is shown,
 * so history, bookmarks and screen readers say where the visitor is. The previous title comes back when
 * the page goes away.
 */
export function useDocumentTitle(pageTitle: string | null): void {
  useEffect(() => {
    const previous = document.title;
    document.title = pageTitle ? `${pageTitle} — ${siteName}` : siteTitle;
    return () => {
      document.title = previous;
    };
  }, [pageTitle]);
}
