/**
 * A VTIMEZONE for an IANA zone, for a CalDAV series whose DTSTART names a TZID (RFC 5545 wants the
 * definition in the same object, and a server expands the series with it). Built from the runtime's
 * own zone data (Intl): the offset changes of the year before the series starts become yearly rules
 * (`BYMONTH` and the nth or last weekday), which is how every DST zone in use today changes. A zone
 * without a change is one STANDARD observance.
 */

const formatFor = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** The zone's offset at an instant, read with one formatter (a year's scan reads it hundreds of times). */
const offsetReader = (timeZone: string) => {
  const format = formatFor(timeZone);
  return (at: number) => {
    const parts = format.formatToParts(new Date(at));
    const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
    const asUtc = Date.UTC(
      part('year'),
      part('month') - 1,
      part('day'),
      part('hour'),
      part('minute'),
      part('second'),
    );
    return asUtc - Math.floor(at / 1000) * 1000;
  };
};

/** Milliseconds the zone is ahead of UTC at a given instant (e.g. +3,600,000 for Paris in winter). */
export function zoneOffsetMs(timeZone: string, at: number): number {
  return offsetReader(timeZone)(at);
}

const minute = 60_000;
const day = 24 * 60 * minute;
const pad = (value: number) => String(value).padStart(2, '0');
const weekdays = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** `+0130` / `-0500`. */
const offsetText = (ms: number) => {
  const minutes = Math.round(Math.abs(ms) / minute);
  return `${ms < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}`;
};

interface Transition {
  at: number;
  from: number;
  to: number;
}

/** The instants in [start, end) where the offset changes, to the minute. */
function transitions(timeZone: string, start: number, end: number): Transition[] {
  const found: Transition[] = [];
  const offsetAt = offsetReader(timeZone);
  let before = offsetAt(start);
  for (let at = start + day; at <= end; at += day) {
    const after = offsetAt(at);
    if (after === before) continue;
    let low = at - day;
    let high = at;
    while (high - low > minute) {
      const middle = low + Math.floor((high - low) / 2 / minute) * minute;
      if (offsetAt(middle) === before) low = middle;
      else high = middle;
    }
    found.push({ at: high, from: before, to: after });
    before = after;
  }
  return found;
}

/** One observance: its onset in local time before the change, and the yearly rule that repeats it. */
function observance(change: Transition, daylight: boolean): string[] {
  const local = new Date(change.at + change.from);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + 1;
  const date = local.getUTCDate();
  const monthLength = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const nth = date + 7 > monthLength ? -1 : Math.ceil(date / 7);
  const kind = daylight ? 'DAYLIGHT' : 'STANDARD';
  return [
    `BEGIN:${kind}`,
    `DTSTART:${year}${pad(month)}${pad(date)}T${pad(local.getUTCHours())}${pad(local.getUTCMinutes())}00`,
    `RRULE:FREQ=YEARLY;BYMONTH=${month};BYDAY=${nth}${weekdays[local.getUTCDay()]}`,
    `TZOFFSETFROM:${offsetText(change.from)}`,
    `TZOFFSETTO:${offsetText(change.to)}`,
    `END:${kind}`,
  ];
}

/** The VTIMEZONE lines for `timeZone`, valid for a series starting in `fromYear`. */
export function vtimezoneLines(timeZone: string, fromYear: number): string[] {
  const year = fromYear - 1;
  const changes = transitions(timeZone, Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1));
  const body =
    changes.length === 0
      ? (() => {
          const offset = offsetText(zoneOffsetMs(timeZone, Date.UTC(year, 6, 1)));
          return [
            'BEGIN:STANDARD',
            `DTSTART:${year}0101T000000`,
            `TZOFFSETFROM:${offset}`,
            `TZOFFSETTO:${offset}`,
            'END:STANDARD',
          ];
        })()
      : changes.flatMap((change) =>
          observance(change, change.to === Math.max(...changes.map((each) => each.to))),
        );
  return ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, ...body, 'END:VTIMEZONE'];
}
