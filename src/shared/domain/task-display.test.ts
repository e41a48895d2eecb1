import { describe, expect, it } from 'vitest';
import {
  dueBadge,
  estimateFromParts,
  estimateParts,
  formatEstimate,
  isValidDueDate,
  localDateString,
  progress,
  progressBand,
} from './task-display.ts';

// Saturday 1 November 2025, late in the evening local time: "today" must still be the 1st.
const now = new Date(2025, 10, 1, 23, 30);

describe('dueBadge', () => {
  it('has no badge without a due date, or with a malformed one', () => {
    expect(dueBadge(null, now)).toBeNull();
    expect(dueBadge('', now)).toBeNull();
    expect(dueBadge('2025-02-30', now)).toBeNull();
    expect(dueBadge('1 Nov', now)).toBeNull();
  });

  it('reads Overdue for any past day, Today and Tomorrow by calendar day', () => {
    expect(dueBadge('2025-10-31', now)).toEqual({ kind: 'overdue', label: 'Overdue' });
    expect(dueBadge('2024-01-01', now)?.label).toBe('Overdue');
    expect(dueBadge('2025-11-01', now)).toEqual({ kind: 'today', label: 'Today' });
    expect(dueBadge('2025-11-01', new Date(2025, 10, 1, 0, 1))?.label).toBe('Today');
    expect(dueBadge('2025-11-02', now)).toEqual({ kind: 'tomorrow', label: 'Tomorrow' });
  });

  it('counts 2d to 7d, then shows a short month-day date', () => {
    const labels = ['2025-11-03', '2025-11-04', '2025-11-05', '2025-11-06', '2025-11-07', '2025-11-08'].map(
      (day) => dueBadge(day, now)?.label,
    );
    expect(labels).toEqual(['2d', '3d', '4d', '5d', '6d', '7d']);
    expect(dueBadge('2025-11-03', now)?.kind).toBe('days');
    expect(dueBadge('2025-11-09', now)).toEqual({ kind: 'date', label: 'Nov 9' });
    expect(dueBadge('2026-01-05', now)?.label).toBe('Jan 5');
  });

  it('crosses month and year ends by calendar day', () => {
    const newYearsEve = new Date(2025, 11, 31, 12, 0);
    expect(dueBadge('2026-01-01', newYearsEve)?.label).toBe('Tomorrow');
    expect(dueBadge('2026-01-07', newYearsEve)?.label).toBe('7d');
    expect(dueBadge('2026-01-08', newYearsEve)?.label).toBe('Jan 8');
  });
});

describe('dates', () => {
  it('validates real calendar days only', () => {
    expect(isValidDueDate('2024-02-29')).toBe(true);
    expect(isValidDueDate('2025-02-29')).toBe(false);
    expect(isValidDueDate('2025-13-01')).toBe(false);
    expect(isValidDueDate('2025-1-01')).toBe(false);
  });

  it('writes the local day of a moment', () => {
    expect(localDateString(now)).toBe('2025-11-01');
    expect(localDateString(new Date(2025, 0, 9, 0, 0))).toBe('2025-01-09');
  });
});

describe('estimates', () => {
  it('formats minutes as Xh Ym', () => {
    expect(formatEstimate(90)).toBe('1h 30m');
    expect(formatEstimate(120)).toBe('2h 0m');
    expect(formatEstimate(45)).toBe('0h 45m');
    expect(formatEstimate(600)).toBe('10h 0m');
    expect(formatEstimate(null)).toBeNull();
    expect(formatEstimate(0)).toBeNull();
  });

  it('adds hours and minutes, null when zero', () => {
    expect(estimateFromParts(1, 30)).toBe(90);
    expect(estimateFromParts(0, 45)).toBe(45);
    expect(estimateFromParts(2, 0)).toBe(120);
    expect(estimateFromParts(0, 0)).toBeNull();
  });

  it('refuses negative hours, minutes outside 0-59 and fractions', () => {
    expect(() => estimateFromParts(-1, 0)).toThrow(RangeError);
    expect(() => estimateFromParts(0, 60)).toThrow(RangeError);
    expect(() => estimateFromParts(0, -1)).toThrow(RangeError);
    expect(() => estimateFromParts(1.5, 0)).toThrow(RangeError);
  });

  it('splits an estimate back into its fields', () => {
    expect(estimateParts(90)).toEqual({ hours: 1, minutes: 30 });
    expect(estimateParts(null)).toEqual({ hours: 0, minutes: 0 });
  });
});

describe('progress', () => {
  it('rounds completed / total to a whole percent, 0 with no subtasks', () => {
    expect(progress(0, 0)).toBe(0);
    expect(progress(1, 3)).toBe(33);
    expect(progress(2, 3)).toBe(67);
    expect(progress(1, 8)).toBe(13);
    expect(progress(4, 4)).toBe(100);
  });

  it('falls into the colour bands at 0, 25, 50 and 75 %', () => {
    expect([0, 24, 25, 49, 50, 74, 75, 100].map(progressBand)).toEqual([0, 0, 25, 25, 50, 50, 75, 75]);
  });
});
