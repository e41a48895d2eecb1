/**
 * Finds the Markdown marks in a stretch of page text (heading #, emphasis, link and image syntax, code
 * fences and backticks, list and checkbox marks, blockquote >, rules) so a search snippet can show the
 * words a reader sees. It answers which characters to keep rather than a new string: the snippet still
 * counts positions in the stored text, where the database found the match.
 */

/** Rules that only apply at the start of a line; the whole match is a mark. */
const lineMarks = [
  /^ {0,3}(?:```|~~~).*$/gm, // a code fence line, with its language
  /^ {0,3}(?:[-*_])(?: *[-*_]){2,} *$/gm, // a horizontal rule
  /^ {0,3}(?:> ?)+/gm, // blockquote marks
  /^ {0,3}#{1,6}(?:[ \t]+|$)/gm, // heading marks
  /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/gm, // list item and checkbox marks
];

/** Inline rules: group 1 is the visible text, everything else in the match is a mark. */
const inlineMarks = [
  /!\[([^\]\n]*)\]\([^)\n]*\)/g, // image: its alt text stays
  /\[([^\]\n]+)\]\([^)\n]*\)/g, // link: its text stays
  /(?<!`)`+(?!`)([^`\n]+?)(?<!`)`+(?!`)/g, // inline code
  /\*\*(?=\S)([^\n]+?)(?<=\S)\*\*/g,
  /__(?=\S)([^\n]+?)(?<=\S)__/g,
  /~~(?=\S)([^\n]+?)(?<=\S)~~/g,
  /(?<![\w*])\*(?=[^\s*])([^*\n]+?)(?<=[^\s*])\*(?![\w*])/g,
  /(?<![\w_])_(?=[^\s_])([^_\n]+?)(?<=[^\s_])_(?![\w_])/g,
];

/**
 * For each UTF-16 unit of `text`, whether it is shown. `startsMidLine` says the text was cut out of a
 * longer content after the start of a line, so its first line has no line-start marks.
 */
export function visibleUnits(text: string, startsMidLine: boolean): boolean[] {
  const shown = Array.from({ length: text.length }, () => true);
  const hide = (from: number, to: number) => shown.fill(false, from, to);
  for (const rule of lineMarks) {
    for (const found of text.matchAll(rule)) {
      if (startsMidLine && found.index === 0) continue;
      hide(found.index, found.index + found[0].length);
    }
  }
  for (const rule of inlineMarks) {
    for (const found of text.matchAll(rule)) {
      const inner = found[1] ?? '';
      const innerAt = found.index + found[0].indexOf(inner, found[0].startsWith('!') ? 2 : 1);
      hide(found.index, innerAt);
      hide(innerAt + inner.length, found.index + found[0].length);
    }
  }
  return shown;
}
