import { describe, expect, it } from 'vitest';
import type { PlanTask, UpcomingResponse } from '../schemas/plan.ts';
import { upcomingPages } from './upcoming-days.ts';

const task = (id: string, dueDate: string, dueTime: string | null = null): PlanTask => ({
  id,
  todoId: 'todo',
  categoryId: 'category',
  text: id,
  completed: false,
  dueDate,
  dueTime,
  description: '',
  priority: 'medium',
  estimatedTime: null,
  position: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  labelIds: [],
  repeat: null,
  subtasksCompleted: 0,
  subtasksTotal: 0,
  todoTitle: 'Home',
  categoryTitle: 'Chores',
});

const counts = { today: 1, overdue: 0, upcoming: 3 };
const page = (
  today: string,
  days: UpcomingResponse['days'],
  nextFrom: string | null,
  repeating: PlanTask[] = [],
) => ({ today, days, repeating, nextFrom, counts }) satisfies UpcomingResponse;

describe('Upcoming’s pages as one screen', () => {
  it('joins the pages in day order, each later occurrence from its own page’s tasks', () => {
    const gym = {
      ...task('gym', '2026-11-26', '08:00'),
      repeat: { rule: 'FREQ=DAILY', mode: 'fixed' as const },
    };
    const screen = upcomingPages([
      page(
        '2026-11-27',
        [{ date: '2026-11-27', tasks: [task('a', '2026-11-27', '09:00')], later: ['gym'] }],
        '2026-11-28',
        [gym],
      ),
      page('2026-11-27', [{ date: '2026-11-28', tasks: [task('b', '2026-11-28')], later: ['gym'] }], null, [
        gym,
      ]),
    ]);
    expect(screen?.more).toBe(false);
    expect(
      screen?.days.map((day) => [
        day.date,
        day.tasks.map((t) => [t.id, t.dueDate, t.laterOccurrence ?? false]),
      ]),
    ).toEqual([
      [
        '2026-11-27',
        [
          ['gym', '2026-11-27', true],
          ['a', '2026-11-27', false],
        ],
      ],
      [
        '2026-11-28',
        [
          ['gym', '2026-11-28', true],
          ['b', '2026-11-28', false],
        ],
      ],
    ]);
  });

  it('shows a day sent twice as its newest page has it, and no day before the newest page’s today', () => {
    const screen = upcomingPages([
      page(
        '2026-11-27',
        [
          { date: '2026-11-27', tasks: [task('old', '2026-11-27')], later: [] },
          { date: '2026-11-28', tasks: [task('stale', '2026-11-28')], later: [] },
        ],
        '2026-11-29',
      ),
      page(
        '2026-11-28',
        [{ date: '2026-11-28', tasks: [task('fresh', '2026-11-28')], later: [] }],
        '2026-11-29',
      ),
    ]);
    expect(screen?.today).toBe('2026-11-28');
    expect(screen?.more).toBe(true);
    expect(screen?.days.map((day) => [day.date, day.tasks.map((t) => t.id)])).toEqual([
      ['2026-11-28', ['fresh']],
    ]);
  });

  it('is nothing before the first page comes', () => {
    expect(upcomingPages([])).toBeUndefined();
  });
});
