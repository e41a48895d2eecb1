import { splitRepeatWords } from '../../../shared/domain/quick-add-repeat.ts';
import { normaliseRule, type RepeatSetting } from '../../../shared/domain/repeat-rule.ts';
import { describeRule } from '../../../shared/domain/repeat-text.ts';
import { labelNameKey, labelNameMaxLength } from '../../../shared/schemas/label-name.ts';
import { taskDescriptionMaxLength, taskTextMaxLength } from '../../../shared/schemas/task.ts';

/** A task line as the Obsidian Tasks plugin (and our export) writes it, its fields taken off the end. */
export interface ParsedTask {
  text: string;
  completed: boolean;
  dueDate: string | null;
  dueTime: string | null;
  priority: 'urgent' | 'high' | 'medium' | 'low';
  repeat: RepeatSetting | null;
  labels: string[];
}

const priorityOf: Record<string, ParsedTask['priority']> = {
  '🔺': 'urgent',
  '⏫': 'high',
  '🔼': 'medium',
  '🔽': 'low',
};

/** One field at the end of a task's text; each is tried until none is left. */
const trailing = {
  label: /\s#([^\s#]+)$/u,
  due: /\s📅\s*(\d{4}-\d{2}-\d{2})(?:\s+(\d{2}:\d{2}))?$/u,
  priority: /\s(🔺|⏫|🔼|🔽)\uFE0F?$/u,
  repeat: /\s🔁\s*([^📅🔺⏫🔼🔽#]+?)$/u,
  // Other Tasks fields (done, scheduled, start, created dates) have no place here: dropped.
  otherDate: /\s(?:✅|⏳|🛫|➕)\s*\d{4}-\d{2}-\d{2}$/u,
};

/**
 * A repeat as our export writes it (the app's own sentence, `every week on Monday after completion`) or
 * as Obsidian Tasks users type it (`every week`), or an RRULE; only when the whole text is understood,
 * so a half-read rule never repeats a task on the wrong days.
 */
export function repeatOf(text: string): RepeatSetting | null {
  const rule = normaliseRule(text);
  if (rule) return { rule, mode: 'fixed' };
  const words = splitRepeatWords(text);
  if (words.repeat && words.text === '') return words.repeat;
  for (const mode of ['fixed', 'afterCompletion'] as const) {
    const stripped = mode === 'afterCompletion' ? text.replace(/\s+after completion\b/i, '') : text;
    const guess = splitRepeatWords(stripped).repeat;
    if (guess && describeRule(guess.rule, mode)?.toLowerCase() === text.toLowerCase())
      return { ...guess, mode };
  }
  return null;
}

export function parseTaskText(raw: string, completed: boolean): ParsedTask {
  const task: ParsedTask = {
    text: raw,
    completed,
    dueDate: null,
    dueTime: null,
    priority: 'medium',
    repeat: null,
    labels: [],
  };
  let rest = raw.trimEnd();
  const apply: Array<[RegExp, (match: RegExpExecArray) => void]> = [
    [trailing.label, (x) => (x[1] ?? '').length <= labelNameMaxLength && task.labels.unshift(x[1] ?? '')],
    [
      trailing.due,
      (x) => {
        task.dueDate = x[1] ?? null;
        task.dueTime = x[2] ?? null;
      },
    ],
    [trailing.priority, (x) => (task.priority = priorityOf[x[1] ?? ''] ?? 'medium')],
    [trailing.repeat, (x) => (task.repeat = repeatOf((x[1] ?? '').trim()))],
    // Other Tasks dates have no place here: taken off and dropped.
    [trailing.otherDate, () => undefined],
  ];
  for (let found = true; found; ) {
    found = false;
    for (const [pattern, take] of apply) {
      const match = pattern.exec(rest);
      if (!match) continue;
      take(match);
      rest = rest.slice(0, match.index).trimEnd();
      found = true;
      break;
    }
  }
  task.text = rest.slice(0, taskTextMaxLength) || raw.slice(0, taskTextMaxLength);
  return task;
}

export interface ParsedList {
  categories: Array<{
    title: string;
    tasks: Array<ParsedTask & { description: string; subtasks: Array<{ text: string; completed: boolean }> }>;
  }>;
}

const taskLine = /^(\s*)[-*+]\s+\[([ xX])\]\s+(.*)$/;
const quoteLine = /^\s+>\s?(.*)$/;

/**
 * A to-do list file's body: `## Category`, then tasks `- [ ] Title …`, subtasks indented under them, a
 * description as an indented blockquote. Tasks before any heading go to a category named `Tasks`.
 */
export function parseTodoList(body: string): ParsedList {
  const list: ParsedList = { categories: [] };
  const current = () => {
    let category = list.categories.at(-1);
    if (!category) {
      category = { title: 'Tasks', tasks: [] };
      list.categories.push(category);
    }
    return category;
  };
  for (const line of body.split(/\r?\n/)) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading && !line.startsWith('#######')) {
      list.categories.push({ title: heading[1] ?? 'Tasks', tasks: [] });
      continue;
    }
    const task = taskLine.exec(line);
    if (task) {
      const completed = (task[2] ?? ' ').toLowerCase() === 'x';
      const last = current().tasks.at(-1);
      if ((task[1] ?? '').length >= 2 && last) {
        last.subtasks.push({ text: parseTaskText(task[3] ?? '', completed).text, completed });
      } else {
        current().tasks.push({ ...parseTaskText(task[3] ?? '', completed), description: '', subtasks: [] });
      }
      continue;
    }
    const quote = quoteLine.exec(line);
    const last = list.categories.at(-1)?.tasks.at(-1);
    if (quote && last) {
      const joined = last.description ? `${last.description}\n${quote[1] ?? ''}` : (quote[1] ?? '');
      last.description = joined.slice(0, taskDescriptionMaxLength);
    }
  }
  return list;
}

/** The key two labels share when they are one label (names are unique per account, case aside). */
export const labelKey = labelNameKey;
