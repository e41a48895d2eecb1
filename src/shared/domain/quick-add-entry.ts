import * as chrono from 'chrono-node';
import { dayForTimeAlone, dueTimeOfMinutes, localWallClockOf } from './due-time.ts';
import {
  parseQuickAdd,
  type QuickAdd,
  type QuickAddOptions,
  splitLabelWords,
  splitRepeatWords,
} from './quick-add.ts';
import type { RepeatSetting } from './repeat-rule.ts';

export * from './quick-add.ts';

/** What a typed task becomes: quick add's reading plus the `#label` names and the repeat typed. */
export type TaskEntry = QuickAdd & {
  labelNames: string[];
  repeat: RepeatSetting | null;
  /** The repeat's words as typed (the chip's `Keep "…" in the title`). */
  repeatText: string | null;
};

export interface TaskEntryOptions extends QuickAddOptions {
  /** The user dismissed the repeat chip: its words stay in the title. */
  keepRepeat?: boolean;
}

/** Clock words chrono reads as a time that are plain words in a task (`Call now`). */
const ignoredTimeWords = new Set(['now']);

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Words that only lead into the time (`meet at noon`): they go with it. */
const leadIns = /(?:^|\s)(?:at|by|due|on)\s*$/i;

/**
 * Reads a task typed in any box that creates one (quick add, a new task's first name): `#labels` out
 * first, then the date and priority with "today" taken in the account's `timeZone`, then a time typed
 * without a day (`call mum 5pm`), which parseQuickAdd leaves in the title, becomes today at that time
 * when still ahead there, else tomorrow. Pure: the clock and the zone are passed in.
 */
export function parseTaskEntry(
  text: string,
  now: Date,
  timeZone: string,
  options: TaskEntryOptions = {},
): TaskEntry {
  const { text: afterLabels, labelNames } = splitLabelWords(text);
  // The repeat next (`every monday`), so chrono does not read its weekday as the due date.
  const split = options.keepRepeat
    ? { text: afterLabels, repeat: null, repeatText: null }
    : splitRepeatWords(afterLabels);
  const extra = { labelNames, repeat: split.repeat, repeatText: split.repeatText };
  const parsed = parseQuickAdd(split.text, localWallClockOf(now, timeZone), options);
  if (parsed.dueDate !== null || options.keepDate) return { ...parsed, ...extra };
  const time = findTimeAlone(parsed.title);
  if (!time) return { ...parsed, ...extra };
  const before = parsed.title.slice(0, time.index).replace(leadIns, '');
  const title = collapse(`${before} ${parsed.title.slice(time.end)}`);
  return {
    ...parsed,
    title,
    // A repeat without a typed day starts on its first occurrence, which the server works out.
    dueDate: extra.repeat ? null : dayForTimeAlone(now, timeZone, time.dueTime),
    dueTime: time.dueTime,
    dueText: time.text,
    ...extra,
  };
}

/** The first clock time in `title` with no day to it (`5pm`, `at 17:30`), and where it sits. */
function findTimeAlone(title: string): { index: number; end: number; text: string; dueTime: string } | null {
  for (const result of chrono.casual.parse(title)) {
    const { start } = result;
    if (!start.isCertain('hour') || start.isCertain('day') || start.isCertain('weekday')) continue;
    if (ignoredTimeWords.has(result.text.trim().toLowerCase())) continue;
    const dueTime = dueTimeOfMinutes((start.get('hour') ?? 0) * 60 + (start.get('minute') ?? 0));
    return { index: result.index, end: result.index + result.text.length, text: result.text.trim(), dueTime };
  }
  return null;
}
