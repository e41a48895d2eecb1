import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { timeOrderedIds } from './time-ordered-ids.ts';

describe('time-ordered import ids', () => {
  it('are version 7 UUIDs that sort in the order they were made', () => {
    const next = timeOrderedIds(new Date('2026-11-22T10:00:00.000Z'));
    const ids = Array.from({ length: 40_000 }, () => next());
    for (const id of ids.slice(0, 50)) {
      expect(z.uuid().safeParse(id).success, id).toBe(true);
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]);
    }
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const millis = new Date('2026-11-22T10:00:00.000Z').getTime().toString(16).padStart(12, '0');
    expect(ids[0]?.replace('-', '').slice(0, 12)).toBe(millis);
  });
});
