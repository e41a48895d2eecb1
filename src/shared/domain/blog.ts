/**
 * The blog editor's pure rules (docs/PRODUCT.md §5 "Blog editor", §9 blog constants), shared by the editor in the
 * browser and the server that validates and renders posts, so both apply exactly the same rules.
 */

/** Reading time in minutes: the editor's default and the smallest allowed value. */
export const defaultReadingTime = 5;
export const minReadingTime = 1;
/** The public list shows at most this many posts (no pagination), each card at most this many tags. */
export const postsPerPage = 12;
export const tagsPerCard = 3;
/** The RSS feed carries the latest this many published posts. */
export const feedSize = 20;

/**
 * A slug from a title: lowercase, every run of characters other than a–z and 0–9 becomes one hyphen,
 * and no hyphen is left at either end. Letters outside ASCII count as non-alphanumerics (as in the
 * spec's seed), so "Café au lait" gives "caf-au-lait"; accents are not transliterated.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** What a stored slug looks like: what `slugify` can produce, and not empty. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Slugs a post cannot take because /blog/<slug> is another page of the app. */
export const reservedSlugs: readonly string[] = ['admin'];

/** Tags typed comma-separated: each trimmed, empty entries dropped (order kept, duplicates kept as typed). */
export function parseTags(input: string): string[] {
  return input
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

/** The tags back as the editor's text field shows them. */
export function formatTags(tags: readonly string[]): string {
  return tags.join(', ');
}

/** The page title of a post: its meta title, or its title when the meta title is blank. */
export function metaTitleOf(post: { title: string; metaTitle: string }): string {
  return post.metaTitle.trim() === '' ? post.title : post.metaTitle;
}

/** The page description of a post: its meta description, or its excerpt when the description is blank. */
export function metaDescriptionOf(post: { excerpt: string; metaDescription: string }): string {
  return post.metaDescription.trim() === '' ? post.excerpt : post.metaDescription;
}

/** True for an absolute http: or https: URL (featured images and links may use no other scheme). */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

/** A published date in long US format ("November 22, 2026"), in UTC so server and browser agree. */
export function formatPublishedDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
