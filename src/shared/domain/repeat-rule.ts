/**
 * A task's repeat rule: an RFC 5545 RRULE (the subset a to-do app needs) and a mode. `fixed` follows the
 * schedule whatever day the task is done; `afterCompletion` counts INTERVAL units of FREQ from the day it
 * is completed (so it takes no BYxxx parts). Pure string work, no date library: the client's bundle and
 * the zod schema use it; the expansion lives in recurrence.ts.
 */

export const repeatModes = ['fixed', 'afterCompletion'] as const;
export type RepeatMode = (typeof repeatModes)[number];

export const repeatFrequencies = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RepeatFrequency = (typeof repeatFrequencies)[number];

export const weekdayCodes = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof weekdayCodes)[number];

/** `BYDAY` entry: a weekday, with `nth` (1..5 or -1..-5) inside a month or year (`-1FR` = last Friday). */
export interface ByDay {
  day: WeekdayCode;
  nth?: number;
}

export interface RuleParts {
  freq: RepeatFrequency;
  interval: number;
  byDay: ByDay[];
  byMonthDay: number[];
  byMonth: number[];
  bySetPos: number[];
  count?: number;
  /** Last day it may fall on, `YYYY-MM-DD`, inclusive, a day on the task's own calendar. */
  until?: string;
}

export interface RepeatSetting {
  rule: string;
  mode: RepeatMode;
}

/** Long enough for any rule the presets or the custom form write, short enough to bound parsing. */
export const repeatRuleMaxLength = 300;

const intIn = (text: string, min: number, max: number): number | null => {
  if (!/^[+-]?\d{1,4}$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
};

/** A list of non-zero integers within ±max (BYMONTHDAY=-1, BYSETPOS=-1), or null when any is not. */
const signedList = (text: string, max: number): number[] | null => {
  const values = text.split(',').map((item) => intIn(item, -max, max));
  return values.every((value): value is number => value !== null && value !== 0) ? values : null;
};

const byDayPattern = /^([+-]?[1-5])?(MO|TU|WE|TH|FR|SA|SU)$/;

const parseByDay = (text: string): ByDay[] | null => {
  const entries: ByDay[] = [];
  for (const item of text.split(',')) {
    const match = byDayPattern.exec(item);
    if (!match) return null;
    const day = match[2] as WeekdayCode;
    entries.push(match[1] ? { day, nth: Number(match[1]) } : { day });
  }
  return entries;
};

/** UNTIL as a date (`20271231`) or a UTC date-time (`20271231T235959Z`, kept as its date). */
const parseUntil = (text: string): string | null => {
  const match = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(text);
  if (!match) return null;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : day;
};

type Setter = (parts: RuleParts, value: string) => boolean;

const setters: Record<string, Setter> = {
  FREQ: (parts, value) => {
    if (!(repeatFrequencies as readonly string[]).includes(value)) return false;
    parts.freq = value as RepeatFrequency;
    return true;
  },
  INTERVAL: (parts, value) => {
    const interval = intIn(value, 1, 999);
    if (interval === null) return false;
    parts.interval = interval;
    return true;
  },
  COUNT: (parts, value) => {
    const count = intIn(value, 1, 9999);
    if (count === null) return false;
    parts.count = count;
    return true;
  },
  UNTIL: (parts, value) => {
    const until = parseUntil(value);
    if (until === null) return false;
    parts.until = until;
    return true;
  },
  BYDAY: (parts, value) => {
    const byDay = parseByDay(value);
    if (!byDay) return false;
    parts.byDay = byDay;
    return true;
  },
  BYMONTHDAY: (parts, value) => setList(parts, 'byMonthDay', signedList(value, 31)),
  BYMONTH: (parts, value) => setList(parts, 'byMonth', signedList(value, 12)),
  BYSETPOS: (parts, value) => setList(parts, 'bySetPos', signedList(value, 366)),
  // The week starts on Monday here; other starts would only matter to weekly rules with INTERVAL > 1.
  WKST: (_parts, value) => value === 'MO',
};

function setList(parts: RuleParts, key: 'byMonthDay' | 'byMonth' | 'bySetPos', values: number[] | null) {
  if (!values) return false;
  if (key === 'byMonth' && values.some((value) => value < 1)) return false;
  parts[key] = values;
  return true;
}

/** The parts of a rule, or null when it is not one this app repeats by. */
export function parseRule(text: string): RuleParts | null {
  if (text.length > repeatRuleMaxLength) return null;
  const body = text
    .trim()
    .toUpperCase()
    .replace(/^RRULE:/, '');
  const parts: RuleParts = {
    freq: 'DAILY',
    interval: 1,
    byDay: [],
    byMonthDay: [],
    byMonth: [],
    bySetPos: [],
  };
  const seen = new Set<string>();
  for (const pair of body.split(';')) {
    const [name = '', value, ...rest] = pair.split('=');
    const setter = setters[name];
    if (!setter || value === undefined || rest.length > 0 || seen.has(name)) return null;
    seen.add(name);
    if (!setter(parts, value)) return null;
  }
  return seen.has('FREQ') && consistent(parts) ? parts : null;
}

/** The combinations RFC 5545 forbids or that could never produce a day. */
function consistent(parts: RuleParts): boolean {
  if (parts.count !== undefined && parts.until !== undefined) return false;
  // An nth weekday only has a meaning within a month or a year.
  const nthDay = parts.byDay.some((entry) => entry.nth !== undefined);
  if (nthDay && parts.freq !== 'MONTHLY' && parts.freq !== 'YEARLY') return false;
  if (parts.byMonthDay.length > 0 && parts.freq === 'WEEKLY') return false;
  // BYSETPOS picks among the days a period's other BYxxx parts give: without them it picks nothing.
  const bySetPosAlone = parts.bySetPos.length > 0 && parts.byDay.length + parts.byMonthDay.length === 0;
  return !bySetPosAlone;
}

/** True when the rule only says "every INTERVAL FREQ", the shape after-completion rules take. */
export const isPlainInterval = (parts: RuleParts) =>
  parts.byDay.length + parts.byMonthDay.length + parts.byMonth.length + parts.bySetPos.length === 0;

const byDayText = (entry: ByDay) => `${entry.nth ?? ''}${entry.day}`;

/** The rule in one spelling: parts in a fixed order, INTERVAL=1 left out, UNTIL as a date. */
export function formatRule(parts: RuleParts): string {
  const items = [`FREQ=${parts.freq}`];
  if (parts.interval !== 1) items.push(`INTERVAL=${parts.interval}`);
  if (parts.byMonth.length > 0) items.push(`BYMONTH=${parts.byMonth.join(',')}`);
  if (parts.byMonthDay.length > 0) items.push(`BYMONTHDAY=${parts.byMonthDay.join(',')}`);
  if (parts.byDay.length > 0) items.push(`BYDAY=${parts.byDay.map(byDayText).join(',')}`);
  if (parts.bySetPos.length > 0) items.push(`BYSETPOS=${parts.bySetPos.join(',')}`);
  if (parts.count !== undefined) items.push(`COUNT=${parts.count}`);
  if (parts.until !== undefined) items.push(`UNTIL=${parts.until.replaceAll('-', '')}`);
  return items.join(';');
}

/** The normalised rule, or null when it is no rule, or not one its mode accepts. */
export function normaliseRule(rule: string, mode: RepeatMode = 'fixed'): string | null {
  const parts = parseRule(rule);
  if (!parts) return null;
  if (mode === 'afterCompletion' && !isPlainInterval(parts)) return null;
  return formatRule(parts);
}
