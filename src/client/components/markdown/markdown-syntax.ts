/**
 * Pure helpers for the note editor's Markdown: task markers and links. The note body is stored as the
 * Markdown typed, so these only read it and produce the exact text edits a click makes.
 */

/** `[ ]` or `[x]` at the start of a line (after indentation), followed by a space or the line's end. */
const bareTask = /^(\s*)\[([ xX])\](?=\s|$)/;

export interface TaskMarker {
  /** Offset of `[` within the line. */
  offset: number;
  checked: boolean;
}

/**
 * A task written without a list marker (`[ ] call Ana`), which GFM does not treat as a task but people
 * type anyway (the issue's own example). List tasks (`- [ ] x`) come from the parser instead.
 */
export function bareTaskMarker(line: string): TaskMarker | null {
  const match = bareTask.exec(line);
  if (!match) return null;
  return { offset: match[1]?.length ?? 0, checked: match[2] !== ' ' };
}

/** The marker a click turns `marker` into; null when the text there is no task marker. */
export function toggledMarker(marker: string): string | null {
  if (marker === '[ ]') return '[x]';
  if (marker === '[x]' || marker === '[X]') return '[ ]';
  return null;
}

/** A task's name for its checkbox: the text after the marker, or a fallback for an empty task. */
export function taskLabel(textAfterMarker: string): string {
  const text = textAfterMarker.trim();
  if (!text) return 'Task';
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/**
 * The address a link may open, or null. Only web and mail addresses open: a note is plain text anyone
 * could have pasted, and `javascript:` or `data:` links must never run from it.
 */
export function openableUrl(raw: string): string | null {
  let text = raw.trim();
  if (text.startsWith('<') && text.endsWith('>')) text = text.slice(1, -1);
  if (/^www\./i.test(text)) text = `https://${text}`;
  if (!/^(https?:\/\/|mailto:)/i.test(text)) return null;
  try {
    const url = new URL(text);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
