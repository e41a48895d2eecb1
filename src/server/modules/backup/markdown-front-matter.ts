import { parse } from 'yaml';

export interface FrontMatter {
  /** The front matter's fields (empty when there is none or it is not a YAML mapping). */
  fields: Record<string, unknown>;
  /** The text after the front matter, unchanged. */
  body: string;
}

/**
 * `---` on the first line, YAML, then `---` (or `...`) on a line of its own, and one blank line after it
 * if there is one (our export writes one; so do most people).
 */
const block = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n(?:[ \t]*\r?\n)?|$)/;

/**
 * Splits a Markdown file's YAML front matter (and the blank line after it) from its body. Front matter that is not valid YAML, or not
 * a mapping, is left in the body as text: a page that happens to start with `---` keeps its words.
 */
export function splitFrontMatter(text: string): FrontMatter {
  const match = block.exec(text);
  if (!match) return { fields: {}, body: text };
  let fields: unknown;
  try {
    // Plain data only: no custom tags, aliases bounded (the yaml library refuses alias bombs).
    fields = parse(match[1] ?? '', { maxAliasCount: 100 });
  } catch {
    return { fields: {}, body: text };
  }
  if (fields === null || fields === undefined) return { fields: {}, body: text.slice(match[0].length) };
  if (typeof fields !== 'object' || Array.isArray(fields)) return { fields: {}, body: text };
  return { fields: fields as Record<string, unknown>, body: text.slice(match[0].length) };
}

/** A front-matter string field (a number or date written bare is read as its text). */
export function textField(fields: Record<string, unknown>, name: string): string | undefined {
  const value = fields[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  return undefined;
}

/** The first of `names` that holds a date, as ISO-8601 UTC. */
export function dateField(fields: Record<string, unknown>, names: readonly string[]): string | undefined {
  for (const name of names) {
    const text = textField(fields, name);
    if (text === undefined) continue;
    const time = Date.parse(text);
    if (!Number.isNaN(time)) return new Date(time).toISOString();
  }
  return undefined;
}
