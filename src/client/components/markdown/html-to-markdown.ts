import { gfm } from '@joplin/turndown-plugin-gfm';
import TurndownService from 'turndown';

const service = new TurndownService({
  headingStyle: 'atx',
  bulletListMarker: '-',
  codeBlockStyle: 'fenced',
  emDelimiter: '*',
  strongDelimiter: '**',
});
service.use(gfm);
service.remove(['script', 'style', 'meta', 'link', 'title', 'head', 'noscript', 'iframe', 'object']);

function style(node: HTMLElement): string {
  return (node.getAttribute('style') ?? '').replace(/\s+/g, '').toLowerCase();
}

// Google Docs wraps the whole paste in `<b style="font-weight:normal" id="docs-internal-guid-…">`:
// it is not bold, and its real bold and italic are spans with a font weight or style.
service.addRule('googleDocsWrapper', {
  filter: (node) => node.nodeName === 'B' && /^docs-internal-guid/.test(node.getAttribute('id') ?? ''),
  replacement: (content) => content,
});
service.addRule('styledBold', {
  filter: (node) => node.nodeName === 'SPAN' && /font-weight:(bold|[6-9]00)/.test(style(node)),
  replacement: (content) => (content.trim() ? `**${content}**` : content),
});
service.addRule('styledItalic', {
  filter: (node) => node.nodeName === 'SPAN' && style(node).includes('font-style:italic'),
  replacement: (content) => (content.trim() ? `*${content}*` : content),
});
// Word writes a list as paragraphs with a hand-drawn bullet or number in an `mso-list:Ignore` span.
service.addRule('wordListMarker', {
  filter: (node) => node.nodeName === 'SPAN' && style(node).includes('mso-list:ignore'),
  replacement: () => '',
});
service.addRule('wordListParagraph', {
  filter: (node) => node.nodeName === 'P' && /MsoListParagraph/.test(node.getAttribute('class') ?? ''),
  replacement: (content) => `\n- ${content.trim()}\n`,
});

/** Clean Markdown for pasted HTML: no scripts, styles, Word comments or `o:p` tags. */
export function htmlToMarkdown(html: string): string {
  const cleaned = html
    .replace(/<!--\[if[\s\S]*?<!\[endif\]-->/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?o:p>/gi, '');
  return service.turndown(cleaned).trim();
}
