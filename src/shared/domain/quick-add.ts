import * as chrono from 'chrono-node';
import { dueTimeOfMinutes } from './due-time.ts';

// The repeat words ride in this lazily loaded module too: the quick add box reads them first.
export { repeatChipLabel, splitRepeatWords } from './quick-add-repeat.ts';

import { localDateString, type Priority, priorityLabels } from './task-display.ts';

/**
 * The task list's `Add a task` box (docs/PRODUCT.md §10.4): `Pay rent tomorrow !high` is a task `Pay rent`, due
 * tomorrow, priority High; `Pay rent tomorrow 5pm` is also due at 17:00 (`fri 9:30`, `at 17:00`, `5:30pm`, `noon`
 * after a day). A time with no day names no due date, so it stays in the title. Dates come from chrono-node; priorities from `!urgent`, `!high`, `!medium`,
 * `!low` and `p1`–`p4` (p1 = urgent … p4 = low). Recognised words leave the title. Pure: the clock is
 * passed in, and days are calendar days in the runtime's local time zone (the browser's: the user's).
 */

export interface QuickAddOptions {
  /** The user dismissed the date chip: the date words stay in the title. */
  keepDate?: boolean;
  /** The user dismissed the priority chip: the priority words stay in the title. */
  keepPriority?: boolean;
}

export interface QuickAdd {
  /** What the task will be called: the text without the recognised words, spaces collapsed; may be empty. */
  title: string;
  /** `YYYY-MM-DD`, or null when no date was recognised. */
  dueDate: string | null;
  /** `HH:MM` (24 h) when the date words carried a time (`tomorrow 5pm`), else null (all day). */
  dueTime: string | null;
  /** The words the date came from, as typed (`tomorrow`, `tomorrow 5pm`). */
  dueText: string | null;
  priority: Priority | null;
  /** The words the priority came from, as typed (`!high`, `p1`). */
  priorityText: string | null;
}

const priorityWords: Record<string, Priority> = {
  '!urgent': 'urgent',
  '!high': 'high',
  '!medium': 'medium',
  '!low': 'low',
  p1: 'urgent',
  p2: 'high',
  p3: 'medium',
  p4: 'low',
};

/** A whole word: at the start or after a space, and followed by a space or the end. */
const priorityPattern = /(^|\s)(!urgent|!high|!medium|!low|p[1-4])(?=\s|$)/gi;

/**
 * Phrases chrono reads as dates that are far more often plain words in a task: `now` (`Call now`) and
 * `sun` (`Buy sun cream`). Typing `sunday` or `today` still works.
 */
const ignoredDateWords = new Set(['now', 'sun']);

/** Words that only lead into the date (`Pay rent by friday`, `Report due dec 5`): they go with it. */
const leadIns = /(?:^|\s)(?:by|due|on)\s*$/i;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

interface DateMatch {
  index: number;
  text: string;
  dueDate: string;
  dueTime: string | null;
}

function findDate(text: string, now: Date): DateMatch | null {
  for (const result of chrono.casual.parse(text, now, { forwardDate: true })) {
    const { start } = result;
    // A time alone (`at 5`, `10am`) or a month alone (`march`) names no day: not a due date.
    if (!start.isCertain('day') && !start.isCertain('weekday')) continue;
    if (ignoredDateWords.has(result.text.trim().toLowerCase())) continue;
    const dueTime = start.isCertain('hour')
      ? dueTimeOfMinutes((start.get('hour') ?? 0) * 60 + (start.get('minute') ?? 0))
      : null;
    return { index: result.index, text: result.text, dueDate: localDateString(start.date()), dueTime };
  }
  return null;
}

export function parseQuickAdd(text: string, now: Date, options: QuickAddOptions = {}): QuickAdd {
  let rest = text;
  let priority: Priority | null = null;
  let priorityText: string | null = null;

  if (!options.keepPriority) {
    // The last priority word wins (`p3 … !urgent` is urgent); every one of them leaves the title.
    for (const match of text.matchAll(priorityPattern)) {
      const word = match[2] ?? '';
      priority = priorityWords[word.toLowerCase()] ?? priority;
      priorityText = word;
    }
    rest = rest.replace(priorityPattern, '$1');
  }

  let dueDate: string | null = null;
  let dueTime: string | null = null;
  let dueText: string | null = null;
  if (!options.keepDate) {
    const found = findDate(rest, now);
    if (found) {
      dueDate = found.dueDate;
      dueTime = found.dueTime;
      dueText = found.text.trim();
      const before = rest.slice(0, found.index).replace(leadIns, '');
      rest = `${before} ${rest.slice(found.index + found.text.length)}`;
    }
  }

  // Empty when only recognised words were typed (`tomorrow !high`): the caller asks for a name.
  return { title: collapse(rest), dueDate, dueTime, dueText, priority, priorityText };
}

let chipDate: Intl.DateTimeFormat | undefined;
/** Made on first use, like task-display's: a formatter costs its locale data in a fresh tab. */
const chipDateFormat = () => {
  chipDate ??= new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return chipDate;
};

/** The chip under the input: `Due Fri, Nov 27`, or `Due Fri, Nov 27, 17:00` with a time. */
export function dueChipLabel(dueDate: string | null, dueTime?: string | null): string {
  // A repeat with a time and no day (`standup every weekday 9am`): the day is the first occurrence's.
  if (dueDate === null) return `Due at ${dueTime ?? ''}`.trim();
  const [year, month, day] = dueDate.split('-').map(Number);
  const date = chipDateFormat().format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)));
  return dueTime ? `Due ${date}, ${dueTime}` : `Due ${date}`;
}

/** The chip under the input: `Urgent`, `High`, `Medium`, `Low`. */
export const priorityChipLabel = (priority: Priority): string => priorityLabels[priority];

/** `#errands`: a whole word starting with `#`, up to a space or the end (a label's name in one word). */
const labelWordPattern = /(^|\s)#([^\s#]+)(?=\s|$)/g;

export interface QuickAddLabels {
  /** The text without the label words, spaces collapsed: what parseQuickAdd reads next. */
  text: string;
  /** The names typed after `#`, in order, each once whatever its case (the first spelling kept). */
  labelNames: string[];
}

/**
 * Takes the `#label` words out of quick add's text (`Buy milk #errands` is `Buy milk` labelled errands).
 * Separate from parseQuickAdd so its answer keeps its shape; the quick add box runs this first.
 */
export function splitLabelWords(text: string): QuickAddLabels {
  const labelNames: string[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(labelWordPattern)) {
    const name = match[2] ?? '';
    const key = name.toLocaleLowerCase('en-US');
    if (seen.has(key)) continue;
    seen.add(key);
    labelNames.push(name);
  }
  return { text: collapse(text.replace(labelWordPattern, '$1')), labelNames };
}
