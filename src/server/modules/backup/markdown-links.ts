import { posix } from 'node:path';
import { attachmentUrl, isInlineImage } from '../../../shared/domain/attachments.ts';

/** A page's address in the web client (`/app/pages/<id>`, docs/client.md; client features/notes/page-link.ts). */
export const pageUrl = (id: string): string => `/app/pages/${id}`;

/** What a link in an imported page may point at, found by the vault (markdown-vault.ts). */
export interface LinkTargets {
  /** A page by one of its possible paths in the zip, else (a wiki link) by its name; answers its id. */
  page(paths: Array<string | null>, name: string | null): string | undefined;
  /** A file by one of its possible paths, else (a wiki embed) by its name; answers its attachment. */
  file(paths: Array<string | null>, name: string | null): { id: string; type: string } | undefined;
}

/**
 * Code (fenced blocks, inline spans) is matched first and kept as it is; then wiki links
 * `[[Page]]`, `[[Page|alias]]`, `[[Page#heading]]`, `![[image.png]]`, and Markdown links and images
 * `[text](target)`, `![alt](<target with spaces>)`.
 */
const tokens =
  /(^(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^\2[^\n]*$|(?![\s\S])))|(`+)[^`\n]+?\3|(!?)\[\[([^\]\n]+?)\]\]|(!?)\[((?:\\.|[^\]\\\n])*)\]\((?:<([^>\n]+)>|([^)\s]+))((?:\s+"[^"\n]*")?)\)/gm;

/** A link target that names no place in the zip: an address, an anchor, a rooted path. */
const external = /^(?:[a-z][a-z0-9+.-]*:|#|\/)/i;

function decoded(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}

/** `target` relative to the page's folder, or null when it leaves the zip. */
function resolvePath(pageFolder: string, target: string): string | null {
  const joined = posix.normalize(posix.join(pageFolder || '.', target));
  return joined.startsWith('../') || joined === '..' ? null : joined;
}

/** Rewrites the links of one page (at `pagePath`) to the imported pages and files; others stay. */
export function rewriteLinks(content: string, pagePath: string, targets: LinkTargets): string {
  const folder = posix.dirname(pagePath) === '.' ? '' : posix.dirname(pagePath);
  return content.replace(
    tokens,
    (whole, code, _fence, inline, wikiBang, wiki, bang, text, angled, bare, title) => {
      if (code !== undefined || inline !== undefined) return whole;
      if (wiki !== undefined) return wikiLink(whole, wikiBang === '!', wiki, folder, targets);
      const raw = (angled ?? bare ?? '') as string;
      if (external.test(raw)) return whole;
      const [pathPart = ''] = raw.split('#', 1);
      if (pathPart === '') return whole;
      const path = resolvePath(folder, decoded(pathPart));
      if (path === null) return whole;
      const image = bang === '!';
      if (/\.md$/i.test(path)) {
        const id = targets.page([path], null);
        return id ? `${bang}[${text}](${pageUrl(id)}${title})` : whole;
      }
      const file = targets.file([path], null);
      return file ? `${image ? '!' : ''}[${text}](${attachmentUrl(file.id)}${title})` : whole;
    },
  );
}

function wikiLink(
  whole: string,
  embed: boolean,
  inner: string,
  folder: string,
  targets: LinkTargets,
): string {
  const [targetPart = '', alias] = inner.split('|', 2);
  const [name = ''] = targetPart.split('#', 1);
  const target = name.trim();
  if (target === '') return whole;
  const label = (alias ?? target).trim().replace(/[[\]]/g, '\\$&');
  const extension = posix.extname(target).toLowerCase();
  if (extension !== '' && extension !== '.md') {
    const file = targets.file([resolvePath(folder, target), resolvePath('', target)], posix.basename(target));
    if (!file) return whole;
    if (!(embed && isInlineImage(file.type))) return `[${label}](${attachmentUrl(file.id)})`;
    // An image's alt text is its name without the extension, as the editor's own uploads have it.
    const alt = alias === undefined ? posix.basename(target, posix.extname(target)) : alias.trim();
    return `![${alt.replace(/[[\]]/g, '\\$&')}](${attachmentUrl(file.id)})`;
  }
  const pageName = extension === '.md' ? target.slice(0, -3) : target;
  const paths = [resolvePath(folder, `${pageName}.md`), resolvePath('', `${pageName}.md`)];
  const id = targets.page(paths, posix.basename(pageName));
  return id ? `[${label}](${pageUrl(id)})` : whole;
}
