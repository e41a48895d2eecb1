import type { CalendarEventRecurrence } from '../../../../shared/domain/calendar-event.ts';
import type { ByDay, WeekdayCode } from '../../../../shared/domain/repeat-rule.ts';

/**
 * Our RRULE subset as Microsoft Graph's `patternedRecurrence` (pattern + range). Graph has fixed pattern
 * types: daily, weekly on days, the nth (first…fourth, last) weekday(s) or a day number of a month or a
 * year. What it cannot say (several month days, the last day of a month, BYSETPOS other than one nth,
 * BYDAY with different nths, several months) answers null, and the task stays a single event at its
 * current occurrence. Graph has no EXDATE: outlook.ts deletes the skipped days' occurrences instead.
 */

const graphDays: Record<WeekdayCode, string> = {
  MO: 'monday',
  TU: 'tuesday',
  WE: 'wednesday',
  TH: 'thursday',
  FR: 'friday',
  SA: 'saturday',
  SU: 'sunday',
};
const weekdayOfDay: WeekdayCode[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const graphIndex: Record<string, string> = {
  '1': 'first',
  '2': 'second',
  '3': 'third',
  '4': 'fourth',
  '-1': 'last',
};

export interface GraphRecurrence {
  pattern: {
    type: 'daily' | 'weekly' | 'absoluteMonthly' | 'relativeMonthly' | 'absoluteYearly' | 'relativeYearly';
    interval: number;
    daysOfWeek?: string[];
    dayOfMonth?: number;
    index?: string;
    month?: number;
    firstDayOfWeek: 'monday';
  };
  range: {
    type: 'noEnd' | 'endDate' | 'numbered';
    startDate: string;
    endDate?: string;
    numberOfOccurrences?: number;
    recurrenceTimeZone: string;
  };
}

type Pattern = Omit<GraphRecurrence['pattern'], 'interval' | 'firstDayOfWeek'>;

/** A month's pattern: one day number, or one nth weekday (or weekdays with one BYSETPOS). */
function monthPattern(byDay: ByDay[], byMonthDay: number[], bySetPos: number[], startDay: number) {
  if (byDay.length === 0 && bySetPos.length === 0) {
    const day = byMonthDay.length === 0 ? startDay : byMonthDay.length === 1 ? byMonthDay[0] : null;
    return day !== null && day !== undefined && day > 0
      ? { relative: false as const, dayOfMonth: day }
      : null;
  }
  if (byMonthDay.length > 0 || byDay.length === 0) return null;
  const nths = new Set(byDay.map((entry) => entry.nth));
  if (nths.size !== 1) return null;
  const [nth] = [...nths];
  if (nth !== undefined && bySetPos.length > 0) return null;
  const position = nth ?? (bySetPos.length === 1 ? bySetPos[0] : undefined);
  const index = position === undefined ? undefined : graphIndex[String(position)];
  if (!index) return null;
  return { relative: true as const, daysOfWeek: byDay.map((entry) => graphDays[entry.day]), index };
}

function patternOf(recurrence: CalendarEventRecurrence, start: string): Pattern | null {
  const { freq, byDay, byMonthDay, byMonth, bySetPos } = recurrence.rule;
  const [, month, day] = start.split('-').map(Number) as [number, number, number];
  const plainDays = byDay.every((entry) => entry.nth === undefined);
  if (freq === 'DAILY' || freq === 'WEEKLY') {
    if (byMonthDay.length > 0 || byMonth.length > 0 || bySetPos.length > 0 || !plainDays) return null;
    if (freq === 'DAILY' && byDay.length === 0) return { type: 'daily' };
    // A daily rule limited to some weekdays repeats on those days every week only at interval 1.
    if (freq === 'DAILY' && recurrence.rule.interval !== 1) return null;
    const days = byDay.length > 0 ? byDay.map((entry) => entry.day) : [weekdayOfStart(start)];
    return { type: 'weekly', daysOfWeek: days.map((code) => graphDays[code]) };
  }
  if (freq === 'MONTHLY') {
    if (byMonth.length > 0) return null;
    const found = monthPattern(byDay, byMonthDay, bySetPos, day);
    if (!found) return null;
    return found.relative
      ? { type: 'relativeMonthly', daysOfWeek: found.daysOfWeek, index: found.index }
      : { type: 'absoluteMonthly', dayOfMonth: found.dayOfMonth };
  }
  if (byMonth.length > 1) return null;
  const inMonth = byMonth[0] ?? month;
  const found = monthPattern(byDay, byMonthDay, bySetPos, day);
  if (!found) return null;
  return found.relative
    ? { type: 'relativeYearly', daysOfWeek: found.daysOfWeek, index: found.index, month: inMonth }
    : { type: 'absoluteYearly', dayOfMonth: found.dayOfMonth, month: inMonth };
}

function weekdayOfStart(start: string): WeekdayCode {
  return weekdayOfDay[new Date(`${start}T00:00:00Z`).getUTCDay()] as WeekdayCode;
}

/** The series for Graph, or null when its pattern types cannot express the rule. */
export function graphRecurrence(
  recurrence: CalendarEventRecurrence,
  start: { dateTime: string; timeZone: string },
): GraphRecurrence | null {
  const startDate = start.dateTime.slice(0, 10);
  const pattern = patternOf(recurrence, startDate);
  if (!pattern) return null;
  const { count, until, interval } = recurrence.rule;
  const range: GraphRecurrence['range'] =
    count !== undefined
      ? { type: 'numbered', startDate, numberOfOccurrences: count, recurrenceTimeZone: start.timeZone }
      : until !== undefined
        ? { type: 'endDate', startDate, endDate: until, recurrenceTimeZone: start.timeZone }
        : { type: 'noEnd', startDate, recurrenceTimeZone: start.timeZone };
  return { pattern: { ...pattern, interval, firstDayOfWeek: 'monday' }, range };
}
