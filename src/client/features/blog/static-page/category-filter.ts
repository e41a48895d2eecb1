import { filterButtonStyles, postListErrorHtml, postListHtml } from '../../../../shared/blog-markup.ts';
import type { PostCard } from '../../../../shared/schemas/blog.ts';

/**
 * The server-rendered list's category filter, as the SPA's list has it: pressing a category presses
 * its button at once, puts it in the address (`?category=<id>`, replacing the entry, so Back from a
 * post returns to it) and swaps the cards when that category's posts arrive (the current cards stay
 * until then). Cards are drawn with the server's own markup (shared/blog-markup.ts), the spec's texts
 * are the ones the server wrote into the page.
 */
export function runCategoryFilter(doc: Document, fetcher: typeof fetch): void {
  const group = doc.querySelector('[data-blog-list] fieldset');
  const posts = doc.querySelector<HTMLElement>('[data-blog-posts]');
  const view = doc.defaultView;
  if (!group || !posts || !view) return;
  const buttons = [...group.querySelectorAll<HTMLButtonElement>('button[data-category]')];
  let pending: AbortController | null = null;

  const select = async (categoryId: string) => {
    for (const button of buttons) {
      const pressed = button.dataset.category === categoryId;
      button.setAttribute('aria-pressed', String(pressed));
      button.className = pressed ? filterButtonStyles.pressed : filterButtonStyles.idle;
    }
    const query = categoryId ? `?category=${encodeURIComponent(categoryId)}` : '';
    view.history.replaceState(view.history.state, '', `/blog${query}`);

    pending?.abort();
    const request = new AbortController();
    pending = request;
    try {
      const response = await fetcher(`/api/blog/posts${query}`, {
        credentials: 'same-origin',
        signal: request.signal,
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      // Our own API, whose answers the server checks against the shared schema (postCardsResponseSchema).
      const body = (await response.json()) as { posts: PostCard[] };
      if (!Array.isArray(body.posts)) throw new Error('unexpected answer');
      if (pending === request) posts.innerHTML = postListHtml(body.posts, posts.dataset.emptyText ?? '');
    } catch (error) {
      if (request.signal.aborted) return;
      console.warn('Could not load the posts of this category', error);
      posts.innerHTML = postListErrorHtml(posts.dataset.errorText ?? '');
    }
  };

  for (const button of buttons) {
    button.addEventListener('click', () => void select(button.dataset.category ?? ''));
  }
}
