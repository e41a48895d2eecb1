import { describe, expect, it } from 'vitest';
import { dueBadge } from './task-display.ts';

/**
 * The badge with a due time, in the account's zone rather than the runtime's: instants are written in UTC
 * so the cases mean the same moment wherever the tests run.
 */
describe("dueBadge with a due time in the account's zone", () => {
  const label = (dueDate: string, dueTime: string | null, now: string, timeZone: string) =>
    dueBadge(dueDate, new Date(now), { dueTime, timeZone })?.label;

  it('adds the time to the words and turns overdue once the time has passed (America/New_York)', () => {
    // 16:30 on Friday 27 November in New York (UTC-5).
    const now = '2026-11-27T21:30:00Z';
    const zone = 'America/New_York';
    expect(label('2026-11-27', '17:00', now, zone)).toBe('Today 17:00');
    expect(label('2026-11-27', '16:30', now, zone)).toBe('Overdue');
    expect(label('2026-11-27', '16:00', now, zone)).toBe('Overdue');
    expect(label('2026-11-27', null, now, zone)).toBe('Today');
    expect(label('2026-11-28', '09:00', now, zone)).toBe('Tomorrow 09:00');
    expect(label('2026-11-30', '08:15', now, zone)).toBe('3d 08:15');
    expect(label('2026-12-25', '17:00', now, zone)).toBe('Dec 25 17:00');
    expect(label('2026-11-26', '23:59', now, zone)).toBe('Overdue');
  });

  it("counts today in the account's zone, not UTC's", () => {
    // 22:00 on the 27th in New York is already the 28th in UTC.
    const now = '2026-11-28T03:00:00Z';
    expect(label('2026-11-27', '23:00', now, 'America/New_York')).toBe('Today 23:00');
    expect(label('2026-11-27', '23:00', now, 'UTC')).toBe('Overdue');
    expect(label('2026-11-28', null, now, 'America/New_York')).toBe('Tomorrow');
  });

  it('follows a half-hour zone across midnight (Australia/Lord_Howe, UTC+11 in summer, +10:30 in winter)', () => {
    // 23:45 on the 27th there.
    expect(label('2026-11-27', '23:30', '2026-11-27T12:45:00Z', 'Australia/Lord_Howe')).toBe('Overdue');
    expect(label('2026-11-27', '23:50', '2026-11-27T12:45:00Z', 'Australia/Lord_Howe')).toBe('Today 23:50');
    // 00:15 on the 28th there: yesterday's all-day task is overdue, today's is today.
    expect(label('2026-11-27', null, '2026-11-27T13:15:00Z', 'Australia/Lord_Howe')).toBe('Overdue');
    expect(label('2026-11-28', '07:00', '2026-11-27T13:15:00Z', 'Australia/Lord_Howe')).toBe('Today 07:00');
    // June: 13:20 UTC is 23:50 there, 13:35 UTC is 00:05 the next day (the half hour decides).
    expect(label('2026-06-15', null, '2026-06-15T13:20:00Z', 'Australia/Lord_Howe')).toBe('Today');
    expect(label('2026-06-15', null, '2026-06-15T13:35:00Z', 'Australia/Lord_Howe')).toBe('Overdue');
    expect(label('2026-06-16', '00:30', '2026-06-15T13:35:00Z', 'Australia/Lord_Howe')).toBe('Today 00:30');
  });

  it('keeps the kinds for colouring', () => {
    const now = new Date('2026-11-27T21:30:00Z');
    const zone = 'America/New_York';
    expect(dueBadge('2026-11-27', now, { dueTime: '17:00', timeZone: zone })?.kind).toBe('today');
    expect(dueBadge('2026-11-27', now, { dueTime: '10:00', timeZone: zone })?.kind).toBe('overdue');
  });
});
