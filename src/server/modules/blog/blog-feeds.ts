import type { BlogPostRow } from './blog.repo.ts';
import { blogDescription, blogTitle } from './blog-html.ts';

/**
 * RSS 2.0 and the sitemap, written by hand: two small fixed shapes where every value is escaped for
 * XML (and stripped of the control characters XML 1.0 cannot carry at all).
 */

const xmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export const escapeXml = (value: string): string =>
  value
    // Control characters other than tab and line breaks are not allowed in XML 1.0 documents.
    .replace(/\p{Cc}/gu, (char) => (char === '\t' || char === '\n' || char === '\r' ? char : ''))
    .replace(/[&<>"']/g, (char) => xmlEscapes[char] ?? char);

/** The public pages a crawler should know besides the blog's posts (docs/PRODUCT.md §2 routes). */
export const sitemapPages = ['/landing', '/about', '/contact', '/privacy', '/terms', '/security', '/blog'];

const rfc822 = (iso: string) => new Date(iso).toUTCString();

export function renderRss(
  posts: ReadonlyArray<BlogPostRow & { public_date: string }>,
  appUrl: string,
): string {
  const items = posts.map((post) => {
    const link = `${appUrl}/blog/${encodeURIComponent(post.slug)}`;
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="false">${escapeXml(post.id)}</guid>`,
      `      <pubDate>${rfc822(post.public_date)}</pubDate>`,
      `      <description>${escapeXml(post.excerpt)}</description>`,
      `      <content:encoded>${escapeXml(post.content)}</content:encoded>`,
      '    </item>',
    ].join('\n');
  });
  const newest = posts[0];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '  <channel>',
    `    <title>${escapeXml(blogTitle)}</title>`,
    `    <link>${escapeXml(`${appUrl}/blog`)}</link>`,
    `    <description>${escapeXml(blogDescription)}</description>`,
    '    <language>en-us</language>',
    `    <atom:link href="${escapeXml(`${appUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    ...(newest ? [`    <lastBuildDate>${rfc822(newest.updated_at)}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

export function renderSitemap(
  posts: ReadonlyArray<{ slug: string; updated_at: string }>,
  appUrl: string,
): string {
  const newest = posts.reduce<string | null>(
    (latest, post) => (latest === null || post.updated_at > latest ? post.updated_at : latest),
    null,
  );
  const url = (path: string, lastmod: string | null) =>
    `  <url><loc>${escapeXml(`${appUrl}${path}`)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemapPages.map((path) => url(path, path === '/blog' ? newest : null)),
    ...posts.map((post) => url(`/blog/${encodeURIComponent(post.slug)}`, post.updated_at)),
    '</urlset>',
    '',
  ].join('\n');
}
