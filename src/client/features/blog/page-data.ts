import type { QueryClient } from '@tanstack/react-query';
import { blogPageDataElementId, blogPageDataSchema } from '../../../shared/schemas/blog.ts';
import { blogKeys } from './api.ts';

/**
 * Seeds the blog's query cache with the data the server embedded in /blog or /blog/{slug}
 * (blog-html.ts), keyed exactly as the hooks ask for it, so the SPA's first render shows the same
 * posts the server sent instead of "Loading posts..." (which moved the footer: CLS 0.5 in
 * Lighthouse). Read once and removed: later client-side navigations fetch as usual. Anything that
 * does not parse is ignored, and the hooks fetch.
 */
export function seedFromServerPage(client: QueryClient): void {
  const element = document.getElementById(blogPageDataElementId);
  if (!element) return;
  element.remove();
  let json: unknown;
  try {
    json = JSON.parse(element.textContent ?? '');
  } catch {
    return;
  }
  const parsed = blogPageDataSchema.safeParse(json);
  if (!parsed.success) return;
  const data = parsed.data;
  if (data.kind === 'list') {
    // The server renders /blog unfiltered: only the "All Posts" list is seeded.
    client.setQueryData(blogKeys.posts(null), data.posts);
    client.setQueryData(blogKeys.categories, data.categories);
  } else {
    client.setQueryData(blogKeys.post(data.post.slug), data.post);
  }
}
