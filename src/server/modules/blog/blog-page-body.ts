import {
  categoryFilterHtml,
  escapeHtml,
  icon,
  postListHtml,
  postMetaHtml,
  tagListHtml,
} from '../../../shared/blog-markup.ts';
import { proseStyles } from '../../../shared/blog-prose-styles.ts';
import { isHttpUrl, metaDescriptionOf, metaTitleOf } from '../../../shared/domain/blog.ts';
import { messages } from '../../../shared/messages.ts';
import type { BlogCategory, PostCard, PublicPost } from '../../../shared/schemas/blog.ts';
import { buttonStyles, focusRing } from '../../../shared/site-chrome.ts';
import { sanitizePostHtml } from './blog-sanitize.ts';
import { type SiteFrameOptions, siteFrame } from './blog-site-frame.ts';

/**
 * The content inside #root of the server-rendered blog pages: complete pages, which the visitor reads
 * and uses without the SPA (the blog script, client/blog-page.ts, runs the category filter, Share, the
 * view count and the header's menu). They look like the SPA's blog (client/features/blog/components),
 * which still draws the blog when a visitor reaches it from inside the app. The `data-blog-*`
 * attributes are the blog script's hooks.
 */

/** BlogLayout: the public frame with the blog's nav bar (its name and Back to App). */
function frame(content: string, site: SiteFrameOptions): string {
  return siteFrame(
    '<nav aria-label="Blog" class="border-b border-slate-200 bg-slate-50/70 pt-16">' +
      '<div class="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">' +
      `<a href="/blog" class="rounded-md text-sm font-semibold text-slate-800 hover:text-slate-950 ${focusRing}">Jotlist Blog</a>` +
      `<a href="/" class="${buttonStyles.ghost} ${buttonStyles.sm}">${icon('arrow-left')}Back to App</a>` +
      `</div></nav>${content}`,
    site,
  );
}

/** BlogListView: heading, category filter (`selected` pressed) and the latest published posts. */
export function listBody(
  posts: readonly PostCard[],
  categories: readonly BlogCategory[],
  selected: string | null,
  site: SiteFrameOptions,
): string {
  return frame(
    '<div data-blog-list class="mx-auto max-w-6xl px-4 pt-12 pb-20 sm:px-6 sm:pt-16 lg:px-8"><div class="max-w-2xl">' +
      '<h1 class="text-4xl font-semibold tracking-tight text-slate-950 sm:text-5xl">Blog</h1>' +
      '<p class="mt-4 text-lg leading-8 text-slate-600">Ideas, guides and news from the Jotlist team.</p></div>' +
      `<div class="mt-10">${categoryFilterHtml(categories, selected)}</div>` +
      `<div data-blog-posts data-empty-text="${escapeHtml(messages.blog.noPosts)}" data-error-text="${escapeHtml(messages.generic)}" class="mt-10">` +
      `${postListHtml(posts, messages.blog.noPosts)}</div></div>`,
    site,
  );
}

const backLink = `<a href="/blog" class="inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-blue-700 hover:text-blue-900 ${focusRing}">${icon('arrow-left')}Back to Blog</a>`;

/** ShareButton: the button and its status line (`Link copied!`), run by the blog script. */
const shareButton = (post: PublicPost) =>
  '<div class="flex items-center gap-3">' +
  `<button type="button" data-share-title="${escapeHtml(metaTitleOf(post))}" data-share-text="${escapeHtml(metaDescriptionOf(post))}" ` +
  `class="inline-flex items-center gap-2 rounded-lg bg-white px-3.5 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-200 ring-inset transition hover:bg-slate-50 ${focusRing}">` +
  `${icon('share-2')}Share</button><span role="status" data-share-status data-copied-text="${escapeHtml(messages.blog.linkCopied)}" class="text-sm font-medium text-emerald-700"></span></div>`;

/** BlogPostView: image, title, date, reading time, Share, tags and the sanitized HTML. */
export function postBody(post: PublicPost, site: SiteFrameOptions): string {
  const image =
    post.featuredImage && isHttpUrl(post.featuredImage)
      ? `<img src="${escapeHtml(post.featuredImage)}" alt="${escapeHtml(post.title)}" width="1200" height="630" class="mt-8 aspect-[1200/630] w-full rounded-2xl bg-slate-100 object-cover" />`
      : '';
  return frame(
    `<article data-blog-post="${escapeHtml(post.slug)}" class="mx-auto max-w-3xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14">${backLink}${image}` +
      `<header class="mt-8"><h1 class="text-3xl font-semibold tracking-tight text-balance text-slate-950 sm:text-5xl">${escapeHtml(post.title)}</h1>` +
      `<div class="mt-5 flex flex-wrap items-center justify-between gap-4">${postMetaHtml(post.publishedAt, post.readingTime)}${shareButton(post)}</div>` +
      `<div class="mt-5">${tagListHtml(post.tags)}</div></header>` +
      `<div class="mt-10 ${proseStyles}">${sanitizePostHtml(post.content)}</div>` +
      `<footer class="mt-16 border-t border-slate-200 pt-8">${backLink}</footer></article>`,
    site,
  );
}

/** A missing or unpublished post: 404 for crawlers; the blog script sends a visitor to /blog. */
export function notFoundBody(site: SiteFrameOptions): string {
  return frame(
    '<div data-blog-missing class="mx-auto max-w-3xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14">' +
      `<h1 class="text-3xl font-semibold tracking-tight text-slate-950">Post not found</h1><p class="mt-6">${backLink}</p></div>`,
    site,
  );
}
