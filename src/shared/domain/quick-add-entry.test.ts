import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayForTimeAlone, localWallClockOf } from './due-time.ts';
import { parseTaskEntry } from './quick-add-entry.ts';

/**
 * A task typed anywhere is read in the account's zone, whatever the laptop's: each case runs with the
 * runtime (the "laptop") in UTC and in Los Angeles, for an account in Tokyo. Each Vitest file runs in its
 * own process: setting TZ here is local.
 */
describe.each(['UTC', 'America/Los_Angeles'])('parseTaskEntry on a laptop set to %s', (laptop) => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = laptop;
  });
  afterAll(() => {
    process.env.TZ = saved;
  });

  // Friday 27 November 2026, 20:00 UTC: already Saturday 28, 05:00 in Tokyo.
  const now = new Date('2026-11-27T20:00:00Z');
  const tokyo = (text: string) => parseTaskEntry(text, now, 'Asia/Tokyo');

  it('takes today and tomorrow from the account zone', () => {
    expect(tokyo('Pay rent today')).toMatchObject({ title: 'Pay rent', dueDate: '2026-11-28' });
    expect(tokyo('Pay rent tomorrow 5pm')).toMatchObject({ dueDate: '2026-11-29', dueTime: '17:00' });
    // The same moment, an account in New York: still Friday 15:00 there.
    expect(parseTaskEntry('Pay rent today', now, 'America/New_York').dueDate).toBe('2026-11-27');
  });

  it('puts a time without a day today when it is still ahead in the zone', () => {
    expect(tokyo('call mum 5pm')).toMatchObject({
      title: 'call mum',
      dueDate: '2026-11-28',
      dueTime: '17:00',
      dueText: '5pm',
    });
    expect(tokyo('meet at noon')).toMatchObject({ title: 'meet', dueDate: '2026-11-28', dueTime: '12:00' });
  });

  it('puts a time already past today tomorrow', () => {
    expect(tokyo('call mum at 4:30am')).toMatchObject({
      title: 'call mum',
      dueDate: '2026-11-29',
      dueTime: '04:30',
    });
  });

  it('keeps labels, priority and plain numbers as quick add does', () => {
    expect(tokyo('p1 call bob 9:30 #phone')).toMatchObject({
      title: 'call bob',
      priority: 'urgent',
      dueTime: '09:30',
      labelNames: ['phone'],
    });
    expect(tokyo('Read chapter 5')).toMatchObject({ title: 'Read chapter 5', dueDate: null, dueTime: null });
    expect(tokyo('Call now').dueDate).toBeNull();
  });

  it('reads a repeat with its labels and time, leaving the first day to the server', () => {
    expect(tokyo('Standup every weekday 9am #work')).toMatchObject({
      title: 'Standup',
      repeat: { mode: 'fixed' },
      repeatText: 'every weekday',
      labelNames: ['work'],
      dueDate: null,
      dueTime: '09:00',
    });
    // The chip dismissed: nothing repeats (the weekday may then be read as a date, with its own chip).
    expect(
      parseTaskEntry('Water plants every monday', now, 'Asia/Tokyo', { keepRepeat: true }),
    ).toMatchObject({
      repeat: null,
      repeatText: null,
    });
  });

  it('leaves the time in the title when the date chip was dismissed', () => {
    expect(parseTaskEntry('call mum 5pm', now, 'Asia/Tokyo', { keepDate: true })).toMatchObject({
      title: 'call mum 5pm',
      dueDate: null,
    });
  });
});

describe('the zone helpers', () => {
  const now = new Date('2026-11-27T20:00:00Z');

  it("reads the zone's wall clock as local time", () => {
    const local = localWallClockOf(now, 'Asia/Tokyo');
    expect([local.getFullYear(), local.getMonth(), local.getDate(), local.getHours()]).toEqual([
      2026, 10, 28, 5,
    ]);
  });

  it('chooses today or tomorrow for a time alone, at the minute', () => {
    expect(dayForTimeAlone(now, 'Asia/Tokyo', '05:01')).toBe('2026-11-28');
    expect(dayForTimeAlone(now, 'Asia/Tokyo', '05:00')).toBe('2026-11-29');
    expect(dayForTimeAlone(now, 'UTC', '23:59')).toBe('2026-11-27');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
