import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { caldavEventIcs, payloadInstant } from './caldav-event.ts';
import type { CalendarEventPayload } from './provider.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe('payloadInstant', () => {
  it('reads a wall time in its IANA zone, on both sides of a DST change', () => {
    expect(iso(payloadInstant({ dateTime: '2030-01-14T09:00:00', timeZone: 'Europe/Paris' }))).toBe(
      '2030-01-14T08:00:00.000Z',
    );
    expect(iso(payloadInstant({ dateTime: '2030-07-14T09:00:00', timeZone: 'Europe/Paris' }))).toBe(
      '2030-07-14T07:00:00.000Z',
    );
    // The day of the spring change in New York (2 a.m. → 3 a.m.): 09:00 is already EDT.
    expect(iso(payloadInstant({ dateTime: '2030-03-10T09:00:00', timeZone: 'America/New_York' }))).toBe(
      '2030-03-10T13:00:00.000Z',
    );
    expect(iso(payloadInstant({ dateTime: '2030-03-09T09:00', timeZone: 'America/New_York' }))).toBe(
      '2030-03-09T14:00:00.000Z',
    );
    expect(iso(payloadInstant({ dateTime: '2030-03-14T09:00:00', timeZone: 'UTC' }))).toBe(
      '2030-03-14T09:00:00.000Z',
    );
  });

  it('takes a dateTime with Z or an offset as that instant, whatever the zone says', () => {
    expect(iso(payloadInstant({ dateTime: '2030-03-14T09:00:00Z', timeZone: 'Asia/Tokyo' }))).toBe(
      '2030-03-14T09:00:00.000Z',
    );
    expect(iso(payloadInstant({ dateTime: '2030-03-14T09:00:00+05:30', timeZone: 'UTC' }))).toBe(
      '2030-03-14T03:30:00.000Z',
    );
  });

  it('refuses what it cannot read instead of writing a wrong time', () => {
    expect(() => payloadInstant({ dateTime: 'tomorrow', timeZone: 'UTC' })).toThrow();
  });
});

describe('caldavEventIcs', () => {
  const payload: CalendarEventPayload = {
    uid: 'task-1-cal@jotlist',
    summary: 'Write report; draft, then edit',
    description: 'Priority: high\n\nSubtasks:\n[ ] Outline\n\nOpen task: http://127.0.0.1:3000/app?item=1',
    start: { dateTime: '2030-03-14T09:00:00', timeZone: 'Europe/Paris' },
    end: { dateTime: '2030-03-14T10:30:00', timeZone: 'Europe/Paris' },
    completed: false,
    url: 'http://127.0.0.1:3000/app?todo=t&category=c&item=1',
  };

  it('is one VEVENT with the payload, in UTC, without METHOD (RFC 4791 §4.1)', () => {
    const text = caldavEventIcs(payload);
    expect(text).not.toMatch(/^METHOD:/m);
    expect(text).not.toMatch(/^X-PUBLISHED-TTL:/m);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const vevents = calendar.getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(1);
    const event = new ICAL.Event(vevents[0]);
    expect(event.uid).toBe(payload.uid);
    expect(event.summary).toBe(payload.summary);
    expect(event.description).toBe(payload.description);
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-03-14T08:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2030-03-14T09:30:00.000Z');
    expect(vevents[0]?.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(vevents[0]?.getFirstPropertyValue('url')).toBe(payload.url);
  });

  it('marks a completed task CONFIRMED', () => {
    const text = caldavEventIcs({ ...payload, completed: true });
    expect(text).toMatch(/^STATUS:CONFIRMED\r$/m);
  });

  it('folds a long title of accented letters at 75 octets in the body it PUTs', () => {
    const summary = 'é'.repeat(40);
    const text = caldavEventIcs({ ...payload, summary });
    for (const line of text.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
    expect(vevent?.getFirstPropertyValue('summary')).toBe(summary);
  });
});
