import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { blogApi, blogKeys } from '../api.ts';

/** The categories, ordered by name (the server orders them). */
export function useBlogCategories() {
  return useQuery({
    queryKey: blogKeys.categories,
    queryFn: ({ signal }) => blogApi.categories(signal).then((answer) => answer.categories),
  });
}

/** The published posts, newest first, optionally of one category. */
export function useBlogPosts(categoryId: string | null) {
  return useQuery({
    queryKey: blogKeys.posts(categoryId),
    queryFn: ({ signal }) => blogApi.posts(categoryId, signal).then((answer) => answer.posts),
    // Switching category keeps the current cards until the new ones arrive, instead of a flash of
    // "Loading posts...".
    placeholderData: (previous) => previous,
  });
}

/** One published post by slug; a missing or unpublished slug is an error (404), never retried. */
export function useBlogPost(slug: string) {
  return useQuery({
    queryKey: blogKeys.post(slug),
    queryFn: ({ signal }) => blogApi.post(slug, signal),
    // The view count changes on every open; the text is what matters and stays fresh enough.
    staleTime: 60_000,
  });
}

/**
 * Counts one view per page open. The ref survives React's development double-run of effects, so a
 * page open counts once; opening another post (a new slug) counts that one. A failed count is only
 * logged: the reader is not bothered with it.
 */
export function useCountViewOnce(slug: string) {
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === slug) return;
    counted.current = slug;
    blogApi.countView(slug).catch((error: unknown) => {
      console.warn('Could not count the view of this post', error);
    });
  }, [slug]);
}
