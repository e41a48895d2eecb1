import { normaliseRule, type RepeatSetting, type WeekdayCode } from './repeat-rule.ts';
import { describeRule } from './repeat-text.ts';

/**
 * Quick add's repeat words: `Water plants every monday` repeats every Monday. Read before the date (so
 * chrono does not take `monday` for a due date); the server then sets the first occurrence as the due
 * date when none is typed. Recognised: `every day`, `daily`, `every weekday`, `every monday`, `every mon
 * and thu`, `every week`, `every 2 weeks`, `every other month`, `every month on the 31st`, `every last
 * friday`, `every first monday`, `every year`, and `after done` / `after completion` at the end for
 * intervals counted from the day it is done (`every 3 days after done`).
 */

export interface QuickAddRepeat {
  /** The text without the repeat words, spaces collapsed. */
  text: string;
  repeat: RepeatSetting | null;
  /** The words it came from, as typed. */
  repeatText: string | null;
}

const dayWords: Record<string, WeekdayCode> = {
  mon: 'MO',
  monday: 'MO',
  tue: 'TU',
  tues: 'TU',
  tuesday: 'TU',
  wed: 'WE',
  wednesday: 'WE',
  thu: 'TH',
  thur: 'TH',
  thurs: 'TH',
  thursday: 'TH',
  fri: 'FR',
  friday: 'FR',
  sat: 'SA',
  saturday: 'SA',
  sun: 'SU',
  sunday: 'SU',
};
const dayAlternatives = Object.keys(dayWords)
  .sort((a, b) => b.length - a.length)
  .join('|');
const units: Record<string, string> = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY', year: 'YEARLY' };
const nthWords: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  last: -1,
};

const after = String.raw`(?:\s+after\s+(?:done|completion|completed|i\s+complete\s+it))?`;
const patterns: Array<{ pattern: RegExp; rule: (m: RegExpExecArray) => string | null }> = [
  { pattern: /\b(?:every\s+day|daily)\b/i, rule: () => 'FREQ=DAILY' },
  { pattern: /\bevery\s+weekday\b/i, rule: () => 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' },
  {
    pattern: new RegExp(
      String.raw`\bevery\s+(first|1st|second|2nd|third|3rd|fourth|4th|last)\s+(${dayAlternatives})\b`,
      'i',
    ),
    rule: (m) =>
      `FREQ=MONTHLY;BYDAY=${nthWords[(m[1] ?? '').toLowerCase()]}${dayWords[(m[2] ?? '').toLowerCase()]}`,
  },
  {
    pattern: new RegExp(
      String.raw`\bevery\s+((?:${dayAlternatives})(?:\s*(?:,|and|&)\s*(?:${dayAlternatives}))*)\b`,
      'i',
    ),
    rule: (m) => {
      const days = (m[1] ?? '')
        .toLowerCase()
        .split(/\s*(?:,|and|&)\s*/)
        .map((word) => dayWords[word]);
      return `FREQ=WEEKLY;BYDAY=${[...new Set(days)].join(',')}`;
    },
  },
  {
    pattern: /\bevery\s+month\s+on\s+the\s+(\d{1,2})(?:st|nd|rd|th)\b/i,
    rule: (m) => `FREQ=MONTHLY;BYMONTHDAY=${Number(m[1])}`,
  },
  {
    pattern: new RegExp(String.raw`\bevery\s+(\d{1,3}|other)\s+(day|week|month|year)s?\b${after}`, 'i'),
    rule: (m) => {
      const interval = m[1]?.toLowerCase() === 'other' ? 2 : Number(m[1]);
      return `FREQ=${units[(m[2] ?? '').toLowerCase()]};INTERVAL=${interval}`;
    },
  },
  {
    pattern: new RegExp(String.raw`\b(?:every\s+(day|week|month|year)|(week|month|year)ly)\b${after}`, 'i'),
    rule: (m) => `FREQ=${units[(m[1] ?? m[2] ?? '').toLowerCase()]}`,
  },
];

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

export function splitRepeatWords(text: string): QuickAddRepeat {
  for (const { pattern, rule } of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const mode = /\safter\s/i.test(match[0]) ? 'afterCompletion' : 'fixed';
    const normalised = normaliseRule(rule(match) ?? '', mode);
    if (!normalised) continue;
    const rest = text.slice(0, match.index) + text.slice(match.index + match[0].length);
    return { text: collapse(rest), repeat: { rule: normalised, mode }, repeatText: match[0].trim() };
  }
  return { text, repeat: null, repeatText: null };
}

/** The chip under the input: `Repeats every Monday`. */
export function repeatChipLabel(repeat: RepeatSetting): string {
  const sentence = describeRule(repeat.rule, repeat.mode) ?? '';
  return `Repeats ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`;
}
