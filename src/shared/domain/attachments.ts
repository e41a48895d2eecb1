/**
 * Files and images in pages: the limits and the Markdown a page gets, shared by the server (which
 * enforces the limits) and the editor (which writes the Markdown and refuses an over-size file at once).
 */
const MB = 1024 * 1024;

/** One file at most. */
export const attachmentMaxBytes = 25 * MB;
/** Everything an account stores: a trial is for trying, a paid account for using. */
export const attachmentQuotaBytes = { trial: 100 * MB, paid: 1024 * MB } as const;

/** The address a page's Markdown points at; the server serves it to the owner only. */
export const attachmentUrl = (id: string): string => `/api/attachments/${id}`;

/** Raster images a browser shows inline; SVG is left out on purpose (it can carry script). */
const inlineImageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);
export const isInlineImage = (type: string): boolean => inlineImageTypes.has(type.toLowerCase());

/** 1536 → "1.5 KB": the size people read beside a file's name. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** Brackets and backslashes would end the link text early; newlines would end the paragraph. */
const escapeLinkText = (text: string): string => text.replace(/[\\[\]]/g, '\\$&').replace(/\s+/g, ' ');

/** `![alt](url)` for an image shown inline, `[name (size)](url)` for any other file. */
export function attachmentMarkdown(file: { id: string; name: string; type: string; size: number }): string {
  const url = attachmentUrl(file.id);
  if (isInlineImage(file.type)) {
    const alt = escapeLinkText(file.name.replace(/\.[a-z0-9]+$/i, ''));
    return `![${alt}](${url})`;
  }
  return `[${escapeLinkText(file.name)} (${formatBytes(file.size)})](${url})`;
}
