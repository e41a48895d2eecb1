/**
 * The Markdown export's format (docs/backup.md, "Export as Markdown"): file-safe names, front matter,
 * attachment links and the to-do lists in the Obsidian Tasks emoji format. Pure, so the export writes it
 * and the Markdown import and its tests read the same rules.
 */
import { describeRule } from './repeat-text.ts';

/** The longest name a file or folder gets, in characters, before its ` (2)` and extension. */
export const safeNameMaxLength = 100;

/** Characters no common file system accepts, and the control characters (C0 and DEL). */
const unsafeCharacter = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f || '/\\:*?"<>|'.includes(char);
};
const edgeDotsAndSpaces = /^[.\s]+|[.\s]+$/g;

/** A title as a file or folder name: unsafe characters become `-`, at most 100 characters, never empty. */
export function fileSafeName(title: string): string {
  const replaced = Array.from(title, (char) => (unsafeCharacter(char) ? '-' : char))
    .join('')
    .replace(edgeDotsAndSpaces, '');
  const cut = Array.from(replaced).slice(0, safeNameMaxLength).join('').replace(edgeDotsAndSpaces, '');
  return cut === '' ? 'Untitled' : cut;
}

/** `photo.PNG` → [`photo`, `.PNG`]; a name without a dot, or only a leading one, has no extension. */
export function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || name.length - dot > 11) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

/**
 * The names taken in one folder, compared without case (two names that differ only in case are one file
 * on Windows and macOS): the second `Notes.md` becomes `Notes (2).md`, the third `Notes (3).md`.
 */
export class FolderNames {
  private readonly taken = new Set<string>();

  constructor(reserved: readonly string[] = []) {
    for (const name of reserved) this.taken.add(name.toLowerCase());
  }

  /** A free name for `base` + `extension` (the base already file-safe), now taken. */
  take(base: string, extension = ''): string {
    let name = `${base}${extension}`;
    for (let n = 2; this.taken.has(name.toLowerCase()); n += 1) name = `${base} (${n})${extension}`;
    this.taken.add(name.toLowerCase());
    return name;
  }
}

/** The root's own names: a notebook called `Todos` or `README` gets ` (2)`. */
export const todosFolder = 'Todos';
export const readmeFile = 'README.md';
export const attachmentsFolder = 'files';
export const tasksCalendarFile = 'tasks.ics';

/** `jotlist-2026-11-28.zip`. */
export const markdownExportFileName = (at: Date): string => `jotlist-${at.toISOString().slice(0, 10)}.zip`;

export interface FrontMatter {
  title: string;
  created: string;
  updated: string;
  type?: 'todo-list';
}

/** YAML front matter; the title as a JSON string, which YAML reads as the same double-quoted string. */
export function frontMatter(fields: FrontMatter): string {
  const lines = [
    '---',
    `title: ${JSON.stringify(fields.title)}`,
    `created: ${fields.created}`,
    `updated: ${fields.updated}`,
  ];
  if (fields.type) lines.push(`type: ${fields.type}`);
  lines.push('---', '');
  return `${lines.join('\n')}\n`;
}

/**
 * `/api/attachments/<id>` as written in a page (attachments.ts `attachmentUrl`), not inside a longer
 * address or path.
 */
const attachmentLink =
  /(?<![\w.:/-])\/api\/attachments\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![\w-])/gi;

/** The ids of the files a page's Markdown points at, each once, in order. */
export function attachmentIdsIn(markdown: string): string[] {
  return [
    ...new Set(Array.from(markdown.matchAll(attachmentLink), (match) => (match[1] ?? '').toLowerCase())),
  ];
}

/** `files/my photo (1).png` → `files/my%20photo%20%281%29.png`: a link every Markdown reader follows. */
export const relativeFileLink = (name: string): string =>
  `${attachmentsFolder}/${encodeURI(name).replaceAll('(', '%28').replaceAll(')', '%29')}`;

/** The page's Markdown with each exported file's address replaced by its relative path; others kept. */
export function rewriteAttachmentLinks(markdown: string, fileNames: ReadonlyMap<string, string>): string {
  return markdown.replace(attachmentLink, (whole, id: string) => {
    const name = fileNames.get(id.toLowerCase());
    return name === undefined ? whole : relativeFileLink(name);
  });
}

export interface ExportTask {
  text: string;
  completed: boolean;
  dueDate: string | null;
  dueTime: string | null;
  priority: string;
  repeatRule: string | null;
  repeatMode: string | null;
  description: string;
  labels: readonly string[];
  subtasks: ReadonlyArray<{ text: string; completed: boolean }>;
}

/** Obsidian Tasks' priority signs; `urgent` is its highest. */
export const prioritySigns: Record<string, string> = { urgent: '🔺', high: '⏫', medium: '🔼', low: '🔽' };

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
/** A tag cannot hold a space or `#`. */
const tag = (label: string) => `#${oneLine(label).replace(/[\s#]+/g, '-')}`;
const checkbox = (completed: boolean) => (completed ? '- [x]' : '- [ ]');

/** One task as Obsidian Tasks writes it, its subtasks and then its description indented under it. */
export function taskMarkdown(task: ExportTask): string {
  let line = `${checkbox(task.completed)} ${oneLine(task.text)}`;
  if (task.dueDate) line += ` 📅 ${task.dueDate}${task.dueTime ? ` ${task.dueTime}` : ''}`;
  const sign = prioritySigns[task.priority];
  if (sign) line += ` ${sign}`;
  const repeat = task.repeatRule
    ? describeRule(task.repeatRule, task.repeatMode === 'afterCompletion' ? 'afterCompletion' : 'fixed')
    : null;
  if (repeat) line += ` 🔁 ${repeat.charAt(0).toLowerCase()}${repeat.slice(1)}`;
  for (const label of task.labels) line += ` ${tag(label)}`;
  const lines = [line];
  for (const subtask of task.subtasks)
    lines.push(`  ${checkbox(subtask.completed)} ${oneLine(subtask.text)}`);
  const description = task.description.replace(/\r\n?/g, '\n').trim();
  if (description !== '') for (const text of description.split('\n')) lines.push(`  > ${text}`.trimEnd());
  return `${lines.join('\n')}\n`;
}

/** A category's heading in a list's file. */
export const categoryHeading = (title: string): string => `\n## ${oneLine(title) || 'Untitled'}\n\n`;

/** The root README.md: when, and how the folders map. */
export function readmeMarkdown(exportedAt: Date): string {
  return (
    '# Jotlist export\n\n' +
    `Exported from Jotlist on ${exportedAt.toISOString().slice(0, 10)}. Each notebook is a folder, each ` +
    'section a folder inside it, and each page a Markdown file with its title and dates in front matter; ' +
    `a page's images and files are in the section's \`${attachmentsFolder}/\` folder, linked relatively. ` +
    `\`${todosFolder}/\` holds one checklist per to-do list (Obsidian Tasks format: 📅 due, priority, ` +
    `🔁 repeat, #labels) and \`${todosFolder}/${tasksCalendarFile}\` the dated tasks for a calendar app.\n`
  );
}
