import { escapeHtml, postPath } from '../../../shared/blog-markup.ts';
import { isHttpUrl, metaDescriptionOf, metaTitleOf } from '../../../shared/domain/blog.ts';
import { type BlogPageData, blogPageDataElementId, type PublicPost } from '../../../shared/schemas/blog.ts';

/**
 * The blog's pages as the server sends them (for crawlers, link previews and visitors): the built
 * blog.html (or the SPA's index.html) with the page's title, description, canonical URL, Open Graph /
 * Twitter tags and JSON-LD in the head, the complete page inside #root (blog-page-body.ts) and, in the
 * SPA's shell only, the page's data for the SPA, which then takes over. Every value is escaped, every
 * replacement uses a function (so `$&` or `$1` typed in a title stays literal), and post content is
 * sanitized again on the way out.
 */

export const siteName = 'Jotlist';
export const blogTitle = `${siteName} Blog`;
export const blogDescription = `Notes, guides and product news from the ${siteName} team.`;

/** The document served when no built client exists (API tests): the same landmarks as index.html. */
export const minimalShell = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="" />
    <title>${siteName}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * JSON inside <script type="application/ld+json">: `<` is escaped so neither `</script>` nor `<!--` can
 * end or change the element, and the two line separators JSON allows but old parsers reject.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export interface PageMeta {
  /** The document title (with the site's name). */
  title: string;
  /** The title link previews show (without the site's name, which og:site_name carries). */
  shareTitle: string;
  description: string;
  /** Absolute URL of the page. */
  canonical: string;
  type: 'website' | 'article';
  image?: string | null;
  publishedAt?: string;
  modifiedAt?: string;
  jsonLd?: object;
  noindex?: boolean;
  /** Absolute URL of the RSS feed, announced to feed readers. */
  feedUrl: string;
}

function headTags(meta: PageMeta): string {
  const image = meta.image && isHttpUrl(meta.image) ? meta.image : null;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`,
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(blogTitle)}" href="${escapeHtml(meta.feedUrl)}" />`,
    `<meta property="og:site_name" content="${siteName}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.shareTitle)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.canonical)}" />`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.shareTitle)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
  ];
  if (image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(image)}" />`);
    tags.push(`<meta name="twitter:image" content="${escapeHtml(image)}" />`);
  }
  if (meta.publishedAt) {
    tags.push(`<meta property="article:published_time" content="${escapeHtml(meta.publishedAt)}" />`);
  }
  if (meta.modifiedAt) {
    tags.push(`<meta property="article:modified_time" content="${escapeHtml(meta.modifiedAt)}" />`);
  }
  if (meta.noindex) tags.push('<meta name="robots" content="noindex" />');
  // A data block, not a script: CSP script-src governs only scripts the browser runs.
  if (meta.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(meta.jsonLd)}</script>`);
  return tags.map((tag) => `    ${tag}\n`).join('');
}

/**
 * The page's data for the SPA, right after #root: a data block (not run, so CSP script-src does not
 * apply), escaped by jsonForScript so a `</script>` or `<!--` in a title cannot end or change it.
 */
const dataBlock = (data: BlogPageData) =>
  `<script type="application/json" id="${blogPageDataElementId}">${jsonForScript(data)}</script>`;

/** The shell with this page's head and body (and, for a list or post, its data for the SPA). */
export function renderPage(shell: string, meta: PageMeta, body: string, data?: BlogPageData): string {
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
  let html = /<title>[\s\S]*?<\/title>/i.test(shell)
    ? shell.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : shell.replace(/<\/head>/i, () => `${title}\n</head>`);
  html = /<meta\s+name="description"[^>]*>/i.test(html)
    ? html.replace(/<meta\s+name="description"[^>]*>/i, () => description)
    : html.replace(/<\/head>/i, () => `${description}\n</head>`);
  html = html.replace(/<\/head>/i, () => `${headTags(meta)}  </head>`);
  const after = data ? dataBlock(data) : '';
  return html.replace(/<div id="root"><\/div>/, () => `<div id="root">${body}</div>${after}`);
}

/** Head values of a post page; meta title and description fall back to the title and excerpt. */
export function postMeta(post: PublicPost & { updatedAt: string }, appUrl: string): PageMeta {
  const canonical = `${appUrl}${postPath(post.slug)}`;
  const title = metaTitleOf(post);
  const description = metaDescriptionOf(post);
  return {
    title: `${title} — ${siteName}`,
    shareTitle: title,
    description,
    canonical,
    type: 'article',
    image: post.featuredImage,
    publishedAt: post.publishedAt,
    modifiedAt: post.updatedAt,
    feedUrl: `${appUrl}/blog/rss.xml`,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: title,
      description,
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      url: canonical,
      mainEntityOfPage: canonical,
      ...(post.featuredImage && isHttpUrl(post.featuredImage) ? { image: post.featuredImage } : {}),
      keywords: post.tags.join(', '),
      publisher: { '@type': 'Organization', name: siteName, url: appUrl },
    },
  };
}

export const listMeta = (appUrl: string): PageMeta => ({
  title: `Blog — ${siteName}`,
  shareTitle: blogTitle,
  description: blogDescription,
  canonical: `${appUrl}/blog`,
  type: 'website',
  feedUrl: `${appUrl}/blog/rss.xml`,
});

export const notFoundMeta = (appUrl: string): PageMeta => ({
  title: `Post not found — ${siteName}`,
  shareTitle: 'Post not found',
  description: blogDescription,
  canonical: `${appUrl}/blog`,
  type: 'website',
  noindex: true,
  feedUrl: `${appUrl}/blog/rss.xml`,
});
