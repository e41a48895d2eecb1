import { zonedDueInstant } from './due-time.ts';
import { parseRule, type RepeatMode } from './repeat-rule.ts';

/**
 * A repeating task as iCalendar recurrence: DTSTART, RRULE and EXDATE lines. A timed task's series is in
 * the account's zone (`DTSTART;TZID=Europe/Berlin:20270104T090000`): written in UTC, a calendar would
 * expand it in UTC and the wall-clock time would drift an hour at each DST change. An all-day task's
 * series starts at 09:00 floating, like its single event. An after-completion task has no schedule a
 * calendar could know in advance: it stays one event on its current due date.
 */

export interface IcsRepeat {
  rule: string;
  mode: RepeatMode;
  /** The series' first day (COUNT counts from it). */
  start: string;
  /** Days of skipped occurrences: written as EXDATE. */
  skipped: readonly string[];
}

const compact = (day: string) => day.replaceAll('-', '');
const pad = (value: number) => String(value).padStart(2, '0');
const utcStamp = (date: Date) =>
  `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;

/**
 * The lines replacing a single event's DTSTART, or null when the task's repeat has no calendar form.
 * `time` is the task's due time (null: all day at `allDayHour`), `zone` the account's.
 */
export function recurrenceLines(
  repeat: IcsRepeat,
  time: string | null,
  zone: string,
  allDayHour: number,
): string[] | null {
  const parts = parseRule(repeat.rule);
  if (!parts || repeat.mode !== 'fixed') return null;
  const clock = time ? `${time.replace(':', '')}00` : `${pad(allDayHour)}0000`;
  const at = (day: string) => `${compact(day)}T${clock}`;
  const tzid = time ? `;TZID=${zone}` : '';
  const { until, ...rest } = parts;
  // UNTIL follows DTSTART's kind: UTC for a zoned start (RFC 5545), floating for a floating one.
  const untilText = until
    ? time
      ? utcStamp(new Date(zonedDueInstant(until, '23:59', zone).getTime() + 59_000))
      : `${compact(until)}T235959`
    : null;
  const rule = [
    `FREQ=${rest.freq}`,
    ...(rest.interval !== 1 ? [`INTERVAL=${rest.interval}`] : []),
    ...(rest.byMonth.length ? [`BYMONTH=${rest.byMonth.join(',')}`] : []),
    ...(rest.byMonthDay.length ? [`BYMONTHDAY=${rest.byMonthDay.join(',')}`] : []),
    ...(rest.byDay.length ? [`BYDAY=${rest.byDay.map((d) => `${d.nth ?? ''}${d.day}`).join(',')}`] : []),
    ...(rest.bySetPos.length ? [`BYSETPOS=${rest.bySetPos.join(',')}`] : []),
    ...(rest.count !== undefined ? [`COUNT=${rest.count}`] : []),
    ...(untilText ? [`UNTIL=${untilText}`] : []),
  ].join(';');
  const lines = [`DTSTART${tzid}:${at(repeat.start)}`, `RRULE:${rule}`];
  if (repeat.skipped.length > 0) lines.push(`EXDATE${tzid}:${repeat.skipped.map(at).join(',')}`);
  return lines;
}
