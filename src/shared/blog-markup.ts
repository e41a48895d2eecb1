import { formatPublishedDate, isHttpUrl, tagsPerCard } from './domain/blog.ts';
import type { BlogCategory, PostCard } from './schemas/blog.ts';
import { focusRing } from './site-chrome.ts';

/**
 * The public blog's markup as HTML strings, one source for the server-rendered pages
 * (server/modules/blog/blog-page-body.ts) and the browser's blog script (client/blog-page.ts), which
 * draws the cards of another category with exactly the server's markup. It mirrors, class for class,
 * the SPA's components (client/features/blog/components: PostCard, PostMeta, TagList, CategoryFilter),
 * which still draw the blog when a visitor reaches it from inside the app: keep them in step.
 * Every value is escaped.
 */

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or an attribute value as HTML: no character can end the element or the quoted attribute. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);

// Lucide's drawings (ISC licence, lucide-react's data for these icons), drawn as lucide-react does.
const iconShapes = {
  'arrow-left': '<path d="m12 19-7-7 7-7"/><path d="M19 12H5"/>',
  calendar:
    '<path d="M8 2v3"/><path d="M16 2v3"/><rect x="3" y="3" width="18" height="18" rx="2"/><path d="M3 9h18"/>',
  clock: '<circle cx="12" cy="12" r="10"/><path d="M12 6v6l4 2"/>',
  'move-right': '<path d="M18 8L22 12L18 16"/><path d="M2 12H22"/>',
  'share-2':
    '<circle cx="18" cy="5" r="3"/><circle cx="6" cy="12" r="3"/><circle cx="18" cy="19" r="3"/>' +
    '<line x1="8.59" x2="15.42" y1="13.51" y2="17.49"/><line x1="15.41" x2="8.59" y1="6.51" y2="10.49"/>',
  check: '<path d="M20 6 9 17l-5-5"/>',
  menu: '<path d="M4 5h16"/><path d="M4 12h16"/><path d="M4 19h16"/>',
  x: '<path d="M18 6 6 18"/><path d="m6 6 12 12"/>',
} as const;

export type IconName = keyof typeof iconShapes;

/** A decorative icon (hidden from assistive technology), sized by `className`. */
export const icon = (name: IconName, className = 'h-4 w-4') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-${name} ${className}" aria-hidden="true">${iconShapes[name]}</svg>`;

/** PostMeta: the long US date and the reading time. */
export const postMetaHtml = (publishedAt: string, readingTime: number) =>
  '<p class="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">' +
  `<span class="inline-flex items-center gap-1.5">${icon('calendar', 'h-4 w-4 text-slate-500')}` +
  `<time datetime="${escapeHtml(publishedAt)}">${escapeHtml(formatPublishedDate(publishedAt))}</time></span>` +
  `<span class="inline-flex items-center gap-1.5">${icon('clock', 'h-4 w-4 text-slate-500')}${readingTime} min read</span></p>`;

/** TagList: each tag once, at most `limit`. */
export function tagListHtml(tags: readonly string[], limit?: number): string {
  const unique = [...new Set(tags)];
  const shown = limit === undefined ? unique : unique.slice(0, limit);
  if (shown.length === 0) return '';
  const chip =
    'inline-block rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-medium text-blue-800 ring-1 ring-blue-100 ring-inset';
  return `<ul aria-label="Tags" class="flex flex-wrap gap-2">${shown
    .map((tag) => `<li><span class="${chip}">${escapeHtml(tag)}</span></li>`)
    .join('')}</ul>`;
}

const filterBase = `rounded-full px-4 py-2 text-sm font-medium transition ${focusRing}`;
/** CategoryFilter's looks of the pressed button and of the others (the blog script swaps them). */
export const filterButtonStyles = {
  pressed: `${filterBase} bg-blue-600 text-white shadow-sm`,
  idle: `${filterBase} bg-white text-slate-700 ring-1 ring-slate-200 ring-inset hover:bg-slate-50 hover:text-slate-950`,
};

/** CategoryFilter: All Posts plus one button per category, `selected` pressed (null: All Posts). */
export function categoryFilterHtml(categories: readonly BlogCategory[], selected: string | null): string {
  const buttons = [{ id: null, name: 'All Posts' }, ...categories].map((option) => {
    const pressed = option.id === selected;
    const style = pressed ? filterButtonStyles.pressed : filterButtonStyles.idle;
    return `<button type="button" data-category="${escapeHtml(option.id ?? '')}" aria-pressed="${pressed}" class="${style}">${escapeHtml(option.name)}</button>`;
  });
  return `<fieldset class="flex flex-wrap gap-2"><legend class="sr-only">Filter posts by category</legend>${buttons.join('')}</fieldset>`;
}

export const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/** PostCard. */
function cardHtml(post: PostCard): string {
  const image =
    post.featuredImage && isHttpUrl(post.featuredImage)
      ? `<img src="${escapeHtml(post.featuredImage)}" alt="${escapeHtml(post.title)}" loading="lazy" decoding="async" width="640" height="360" class="aspect-[16/9] w-full bg-slate-100 object-cover" />`
      : '';
  const excerpt = post.excerpt
    ? `<p class="line-clamp-3 leading-7 text-slate-600">${escapeHtml(post.excerpt)}</p>`
    : '';
  return (
    '<article class="flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">' +
    `${image}<div class="flex flex-1 flex-col gap-3 p-5 sm:p-6">${postMetaHtml(post.publishedAt, post.readingTime)}` +
    `<h2 class="text-xl font-semibold tracking-tight text-balance text-slate-950">${escapeHtml(post.title)}</h2>` +
    `${excerpt}${tagListHtml(post.tags, tagsPerCard)}<div class="mt-auto pt-2">` +
    `<a href="${postPath(post.slug)}" class="inline-flex items-center gap-1.5 rounded-sm font-semibold text-blue-700 hover:text-blue-900 ${focusRing}">` +
    `Read more <span class="sr-only">about ${escapeHtml(post.title)}</span>${icon('move-right')}</a></div></div></article>`
  );
}

/**
 * The list's posts as a grid of cards, or `emptyText` (the spec's message). The spec's texts come from
 * shared/messages.ts through the caller: the server passes them, and writes them into the page for the
 * browser's script, which so stays out of the SPA's module graph (importing messages.ts there split
 * the SPA's entry into more chunks).
 */
export const postListHtml = (posts: readonly PostCard[], emptyText: string): string =>
  posts.length === 0
    ? `<p class="py-16 text-center text-lg text-slate-600">${escapeHtml(emptyText)}</p>`
    : `<ul class="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">${posts.map((post) => `<li class="flex">${cardHtml(post)}</li>`).join('')}</ul>`;

/** The list's answer when the posts could not be loaded (as the SPA's list shows it). */
export const postListErrorHtml = (text: string) =>
  `<p role="alert" class="py-16 text-center text-slate-600">${escapeHtml(text)}</p>`;

/** The Share button's status text while the link is copied (ShareButton). */
export const linkCopiedHtml = (text: string) =>
  `<span class="inline-flex items-center gap-1.5">${icon('check')}${escapeHtml(text)}</span>`;
