import { proseStyles } from '../../../shared/blog-prose-styles.ts';
import { formatPublishedDate, isHttpUrl, tagsPerCard } from '../../../shared/domain/blog.ts';
import { messages } from '../../../shared/messages.ts';
import type { BlogCategory, PostCard, PublicPost } from '../../../shared/schemas/blog.ts';
import { escapeHtml, postPath } from './blog-html.ts';
import { sanitizePostHtml } from './blog-sanitize.ts';

/**
 * The content inside #root of the server-rendered blog pages. It mirrors, element for element and
 * class for class, what the SPA's first render puts there (client/features/blog/components: BlogLayout,
 * BlogListView, PostCard, BlogPostView, PostMeta, TagList, CategoryFilter, ShareButton), so when React
 * replaces it nothing moves and no larger element appears: Lighthouse's layout shift stays 0 and the
 * largest paint is the server's. What only the client draws is held by boxes of the same size: the
 * fixed site header by the nav's top padding (as in the client), icons by empty svg boxes. Keep the two
 * in step when either changes.
 */

const icon = (className = 'h-4 w-4') => `<svg class="${className}" aria-hidden="true"></svg>`;
const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** BlogLayout's frame: the public layout's column and main landmark, and the blog's nav bar. */
function frame(content: string): string {
  const back =
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition ' +
    `text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 px-3.5 py-2 text-sm`;
  return (
    '<div class="flex min-h-screen flex-col bg-white text-slate-900">' +
    '<main id="main-content" tabindex="-1" class="flex-1 focus:outline-none">' +
    '<nav aria-label="Blog" class="border-b border-slate-200 bg-slate-50/70 pt-16">' +
    '<div class="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">' +
    `<a href="/blog" class="rounded-md text-sm font-semibold text-slate-800 hover:text-slate-950 ${focusRing}">Jotlist Blog</a>` +
    `<a href="/" class="${back}">${icon()}Back to App</a>` +
    `</div></nav>${content}</main></div>`
  );
}

/** PostMeta: the long US date and the reading time. */
const postMeta = (publishedAt: string, readingTime: number) =>
  '<p class="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">' +
  `<span class="inline-flex items-center gap-1.5">${icon('h-4 w-4 text-slate-500')}` +
  `<time datetime="${escapeHtml(publishedAt)}">${escapeHtml(formatPublishedDate(publishedAt))}</time></span>` +
  `<span class="inline-flex items-center gap-1.5">${icon('h-4 w-4 text-slate-500')}${readingTime} min read</span></p>`;

/** TagList: each tag once, at most `limit`. */
function tagList(tags: readonly string[], limit?: number): string {
  const unique = [...new Set(tags)];
  const shown = limit === undefined ? unique : unique.slice(0, limit);
  if (shown.length === 0) return '';
  const chip =
    'inline-block rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-medium text-blue-800 ring-1 ring-blue-100 ring-inset';
  return `<ul aria-label="Tags" class="flex flex-wrap gap-2">${shown
    .map((tag) => `<li><span class="${chip}">${escapeHtml(tag)}</span></li>`)
    .join('')}</ul>`;
}

/** CategoryFilter with All Posts pressed (the server renders the unfiltered list). */
function categoryFilter(categories: readonly BlogCategory[]): string {
  const base = `rounded-full px-4 py-2 text-sm font-medium transition ${focusRing}`;
  const pressed = `${base} bg-blue-600 text-white shadow-sm`;
  const idle = `${base} bg-white text-slate-700 ring-1 ring-slate-200 ring-inset hover:bg-slate-50 hover:text-slate-950`;
  const buttons = [{ id: null, name: 'All Posts' }, ...categories].map(
    (option) =>
      `<button type="button" aria-pressed="${option.id === null}" class="${option.id === null ? pressed : idle}">${escapeHtml(option.name)}</button>`,
  );
  return `<fieldset class="flex flex-wrap gap-2"><legend class="sr-only">Filter posts by category</legend>${buttons.join('')}</fieldset>`;
}

/** PostCard. */
function card(post: PostCard): string {
  const image =
    post.featuredImage && isHttpUrl(post.featuredImage)
      ? `<img src="${escapeHtml(post.featuredImage)}" alt="${escapeHtml(post.title)}" loading="lazy" decoding="async" width="640" height="360" class="aspect-[16/9] w-full bg-slate-100 object-cover" />`
      : '';
  const excerpt = post.excerpt
    ? `<p class="line-clamp-3 leading-7 text-slate-600">${escapeHtml(post.excerpt)}</p>`
    : '';
  return (
    '<article class="flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">' +
    `${image}<div class="flex flex-1 flex-col gap-3 p-5 sm:p-6">${postMeta(post.publishedAt, post.readingTime)}` +
    `<h2 class="text-xl font-semibold tracking-tight text-balance text-slate-950">${escapeHtml(post.title)}</h2>` +
    `${excerpt}${tagList(post.tags, tagsPerCard)}<div class="mt-auto pt-2">` +
    `<a href="${postPath(post.slug)}" class="inline-flex items-center gap-1.5 rounded-sm font-semibold text-blue-700 hover:text-blue-900 ${focusRing}">` +
    `Read more <span class="sr-only">about ${escapeHtml(post.title)}</span>${icon()}</a></div></div></article>`
  );
}

/** BlogListView: heading, category filter and the latest published posts as cards. */
export function listBody(posts: readonly PostCard[], categories: readonly BlogCategory[]): string {
  const list =
    posts.length === 0
      ? `<p class="py-16 text-center text-lg text-slate-600">${escapeHtml(messages.blog.noPosts)}</p>`
      : `<ul class="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">${posts.map((post) => `<li class="flex">${card(post)}</li>`).join('')}</ul>`;
  return frame(
    '<div class="mx-auto max-w-6xl px-4 pt-12 pb-20 sm:px-6 sm:pt-16 lg:px-8"><div class="max-w-2xl">' +
      '<h1 class="text-4xl font-semibold tracking-tight text-slate-950 sm:text-5xl">Blog</h1>' +
      '<p class="mt-4 text-lg leading-8 text-slate-600">Ideas, guides and news from the Jotlist team.</p></div>' +
      `<div class="mt-10">${categoryFilter(categories)}</div><div class="mt-10">${list}</div></div>`,
  );
}

const backLink = `<a href="/blog" class="inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-blue-700 hover:text-blue-900 ${focusRing}">${icon()}Back to Blog</a>`;

/**
 * ShareButton's box, hidden: sharing needs the SPA, so until it takes over there is nothing to press,
 * but the row keeps its final size.
 */
const sharePlaceholder =
  '<div class="invisible flex items-center gap-3" aria-hidden="true"><span class="inline-flex items-center gap-2 rounded-lg px-3.5 py-2 text-sm font-semibold">' +
  `${icon()}Share</span></div>`;

/** BlogPostView: image, title, date, reading time, tags and the sanitized HTML. */
export function postBody(post: PublicPost): string {
  const image =
    post.featuredImage && isHttpUrl(post.featuredImage)
      ? `<img src="${escapeHtml(post.featuredImage)}" alt="${escapeHtml(post.title)}" width="1200" height="630" class="mt-8 aspect-[1200/630] w-full rounded-2xl bg-slate-100 object-cover" />`
      : '';
  return frame(
    `<article class="mx-auto max-w-3xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14">${backLink}${image}` +
      `<header class="mt-8"><h1 class="text-3xl font-semibold tracking-tight text-balance text-slate-950 sm:text-5xl">${escapeHtml(post.title)}</h1>` +
      `<div class="mt-5 flex flex-wrap items-center justify-between gap-4">${postMeta(post.publishedAt, post.readingTime)}${sharePlaceholder}</div>` +
      `<div class="mt-5">${tagList(post.tags)}</div></header>` +
      `<div class="mt-10 ${proseStyles}">${sanitizePostHtml(post.content)}</div>` +
      `<footer class="mt-16 border-t border-slate-200 pt-8">${backLink}</footer></article>`,
  );
}

export function notFoundBody(): string {
  return frame(
    '<div class="mx-auto max-w-3xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14">' +
      `<h1 class="text-3xl font-semibold tracking-tight text-slate-950">Post not found</h1><p class="mt-6">${backLink}</p></div>`,
  );
}
