import { type ByDay, parseRule, type RepeatMode, type RuleParts, type WeekdayCode } from './repeat-rule.ts';

/**
 * A repeat rule as a sentence for people: `Every 2 weeks on Monday and Thursday`, `Every month on the
 * last Friday`, `Every 3 days after completion, 5 times`. Pure and small: the task panel, the row's
 * icon and quick add's chip all show it.
 */

export const weekdayNames: Record<WeekdayCode, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

const units = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' } as const;
const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const weekdaySet = ['MO', 'TU', 'WE', 'TH', 'FR'];

/** `1st`, `2nd`, `3rd`, `11th`, `last`, `2nd to last`. */
export function ordinal(n: number): string {
  if (n === -1) return 'last';
  if (n < 0) return `${ordinal(-n)} to last`;
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** `Monday`, `Monday and Thursday`, `Monday, Wednesday and Friday`. */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

const dayOf = (entry: ByDay) =>
  entry.nth === undefined ? weekdayNames[entry.day] : `the ${ordinal(entry.nth)} ${weekdayNames[entry.day]}`;

function period(parts: RuleParts): string {
  const unit = units[parts.freq];
  if (parts.interval > 1) return `Every ${parts.interval} ${unit}s`;
  const isWeekdays =
    parts.byDay.length === 5 &&
    parts.byDay.every((entry, i) => entry.nth === undefined && entry.day === weekdaySet[i]);
  if (isWeekdays && parts.freq !== 'MONTHLY' && parts.bySetPos.length === 0) return 'Every weekday';
  return `Every ${unit}`;
}

function which(parts: RuleParts): string {
  const words: string[] = [];
  if (parts.byMonth.length > 0)
    words.push(`in ${joinWords(parts.byMonth.map((m) => monthNames[m - 1] ?? ''))}`);
  if (parts.byMonthDay.length > 0) {
    const daysText = parts.byMonthDay.map((d) =>
      d === -1 ? 'the last day' : d < 0 ? `the ${ordinal(d)} day` : `day ${d}`,
    );
    words.push(`on ${joinWords(daysText)}`);
  }
  if (parts.byDay.length > 0 && period(parts) !== 'Every weekday') {
    const pos = parts.bySetPos.length === 1 && parts.bySetPos[0] !== undefined ? parts.bySetPos[0] : null;
    const daysText = joinWords(parts.byDay.map(dayOf));
    words.push(pos !== null ? `on the ${ordinal(pos)} of ${daysText}` : `on ${daysText}`);
  }
  return words.join(' ');
}

function ending(parts: RuleParts): string {
  if (parts.count !== undefined) return parts.count === 1 ? ', once' : `, ${parts.count} times`;
  if (parts.until !== undefined) return `, until ${parts.until}`;
  return '';
}

/** The sentence for a rule, or null when the text is no rule. */
export function describeRule(rule: string, mode: RepeatMode = 'fixed'): string | null {
  const parts = parseRule(rule);
  if (!parts) return null;
  // `Every Monday and Thursday` reads better than `Every week on Monday and Thursday`.
  const plainWeekly = parts.freq === 'WEEKLY' && parts.interval === 1 && parts.bySetPos.length === 0;
  const everyDays = plainWeekly && period(parts) === 'Every week' && parts.byDay.length > 0;
  const head = everyDays
    ? `Every ${joinWords(parts.byDay.map(dayOf))}`
    : [period(parts), which(parts)].filter(Boolean).join(' ');
  const after = mode === 'afterCompletion' ? ' after completion' : '';
  return `${head}${after}${ending(parts)}`;
}
