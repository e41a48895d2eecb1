import { visibleUnits } from './markdown-marks.ts';

/**
 * Builds the short text shown under a search result from a stretch ("excerpt") of a page's content.
 * Offsets are in characters (code points), as SQLite's and PostgreSQL's substr and instr/strpos count.
 * Markdown marks are left out, so the snippet reads like the page; the matched characters always stay.
 */

export interface ExcerptInput {
  excerpt: string;
  /** 1-based position in the content where the excerpt starts. */
  excerptStart: number;
  /** 1-based position of the first match in the content; 0 when the content holds none (title match). */
  matchAt: number;
  matchLength: number;
  contentLength: number;
}

export interface Snippet {
  snippet: string;
  match: { start: number; length: number } | null;
}

/** Characters shown before the match, and in all (more when the match itself is long). */
const before = 60;
const total = 180;
/** How much of the content the query fetches around the first match: enough for any snippet. */
export const excerptLead = 80;
export const excerptLength = 400;
const ellipsis = '…';
/** Line breaks and runs of spaces read as one space in a one-line result. */
const flatten = (chars: string[]) => chars.join('').replace(/\s+/g, ' ');

export function makeSnippet(input: ExcerptInput): Snippet {
  const chars = Array.from(input.excerpt);
  const offset = input.matchAt - input.excerptStart;
  const hasMatch = input.matchAt > 0 && offset >= 0 && offset + input.matchLength <= chars.length;
  const units = visibleUnits(input.excerpt, input.excerptStart > 1 && !input.excerpt.startsWith('\n'));
  const shown: boolean[] = [];
  let unit = 0;
  for (const [index, char] of chars.entries()) {
    const inMatch = hasMatch && index >= offset && index < offset + input.matchLength;
    shown.push(inMatch || units[unit] === true);
    unit += char.length;
  }
  const visible = (from: number, to: number) =>
    chars.slice(from, to).filter((_, index) => shown[from + index]);

  const from = hasMatch ? Math.max(0, offset - before) : 0;
  const to = Math.min(chars.length, Math.max(from + total, hasMatch ? offset + input.matchLength + 20 : 0));
  const cutsStart = input.excerptStart + from > 1;
  const cutsEnd = input.excerptStart - 1 + to < input.contentLength;

  const prefix = cutsStart ? ellipsis : '';
  if (!hasMatch) {
    const text = flatten(visible(from, to)).trim();
    return { snippet: text ? `${prefix}${text}${cutsEnd ? ellipsis : ''}` : '', match: null };
  }
  const head = flatten(visible(from, offset)).trimStart();
  const found = flatten(visible(offset, offset + input.matchLength));
  const tail = flatten(visible(offset + input.matchLength, to)).trimEnd();
  const start = prefix.length + head.length;
  return {
    snippet: `${prefix}${head}${found}${tail}${cutsEnd ? ellipsis : ''}`,
    match: { start, length: found.length },
  };
}
