import { runCategoryFilter } from './category-filter.ts';
import { runShareButton } from './share-button.ts';
import { runSiteHeader } from './site-header.ts';
import { runTrialLinks } from './trial-links.ts';

/**
 * Brings a server-rendered blog page to life (client/blog-page.ts; the markup comes from
 * server/modules/blog/blog-page-body.ts). The page is complete as sent, so nothing is redrawn: the
 * header's menu and its Open app link when signed in, the list's category filter, the post's Share button, one view counted per open of a
 * post (as the SPA's post page counts it), and a missing post sends the visitor to /blog (docs/PRODUCT.md §2).
 */
export function startBlogPage(
  doc: Document,
  {
    fetcher = fetch.bind(globalThis),
    redirect = (path: string) => doc.defaultView?.location.replace(path),
  }: { fetcher?: typeof fetch; redirect?: (path: string) => void } = {},
): void {
  if (doc.querySelector('[data-blog-missing]')) {
    // Replacing the entry, as the SPA's redirect did: Back does not return to the missing post.
    redirect('/blog');
    return;
  }
  runSiteHeader(doc);
  runTrialLinks(doc);
  runCategoryFilter(doc, fetcher);
  runShareButton(doc);
  const slug = doc.querySelector<HTMLElement>('[data-blog-post]')?.dataset.blogPost;
  if (slug) {
    fetcher(`/api/blog/posts/${encodeURIComponent(slug)}/view`, {
      method: 'POST',
      credentials: 'same-origin',
    })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
      })
      .catch((error: unknown) => {
        // A failed count is only logged: the reader is not bothered with it.
        console.warn('Could not count the view of this post', error);
      });
  }
}
