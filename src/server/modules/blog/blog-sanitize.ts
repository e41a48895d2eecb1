import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list every stored blog HTML passes through (docs/blog.md: stored XSS is the blog's main
 * risk). Only the rich editor's formatting survives: headings, paragraphs, inline emphasis, lists,
 * quotes, code, links and images by absolute URL, rules and breaks. Everything else is dropped: scripts
 * and styles with their text, iframes, event handlers, style and class attributes, and any URL whose
 * scheme is not http/https (mailto for links), including relative and protocol-relative ones, so a
 * post reads the same in the app, in RSS readers and in link previews.
 */

const linkRel = 'noopener noreferrer nofollow';
const linkSchemes = new Set(['http:', 'https:', 'mailto:']);
const imageSchemes = new Set(['http:', 'https:']);

/**
 * An absolute URL with one of `schemes`, or null. The value is the parser's entity-decoded attribute,
 * and the WHATWG parser strips the tabs, newlines and spaces browsers ignore, so `java&#x09;script:` and
 * ` JavaScript:` are seen as the javascript: URLs they are.
 */
function allowedUrl(value: string | undefined, schemes: ReadonlySet<string>): string | null {
  if (value === undefined || !URL.canParse(value)) return null;
  return schemes.has(new URL(value).protocol) ? value : null;
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'a',
    'img',
  ],
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'] },
  // Checked again by sanitize-html itself after our transforms: a second, independent gate.
  allowedSchemes: [],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  // Their text is code or markup, never prose: drop it with the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = allowedUrl(attribs.href, linkSchemes);
      const kept: sanitizeHtml.Attributes = href === null ? {} : { href, rel: linkRel };
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const src = allowedUrl(attribs.src, imageSchemes);
      const kept: sanitizeHtml.Attributes = src === null ? {} : { src, alt: attribs.alt ?? '' };
      return { tagName, attribs: kept };
    },
  },
  // An image without an allowed source shows nothing useful: drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Post HTML as it may be stored and rendered. Idempotent: sanitizing twice changes nothing. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, options);
}
