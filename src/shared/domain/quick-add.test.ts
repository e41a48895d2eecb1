import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueChipLabel, parseQuickAdd, priorityChipLabel, splitLabelWords } from './quick-add.ts';

/**
 * Days are the user's local calendar days, so every case runs in three time zones: UTC, one behind it
 * (New York, with DST) and one far ahead (Auckland). References are built in local time, so the same
 * wall-clock moment is meant in each. Each Vitest file runs in its own process: setting TZ here is local.
 */
const zones = ['UTC', 'America/New_York', 'Pacific/Auckland'];

describe.each(zones)('parseQuickAdd in %s', (zone) => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    process.env.TZ = saved;
  });

  // Monday 23 November 2026, 10:00 local time.
  const monday = () => new Date(2026, 10, 23, 10, 0);
  const parse = (text: string, now = monday()) => parseQuickAdd(text, now);

  it('really runs in the zone', () => {
    const offsets: Record<string, number> = { UTC: 0, 'America/New_York': 300, 'Pacific/Auckland': -780 };
    expect(monday().getTimezoneOffset()).toBe(offsets[zone]);
  });

  it('reads the issue example: a title, tomorrow and High', () => {
    expect(parse('Pay rent tomorrow !high')).toEqual({
      title: 'Pay rent',
      dueDate: '2026-11-24',
      dueTime: null,
      dueText: 'tomorrow',
      priority: 'high',
      priorityText: '!high',
    });
  });

  it.each([
    ['Call mum fri', 'Call mum', '2026-11-27'],
    ['Review next week', 'Review', '2026-11-30'],
    ['Ship in 3 days', 'Ship', '2026-11-26'],
    ['Party dec 5', 'Party', '2026-12-05'],
    ['Dentist today', 'Dentist', '2026-11-23'],
    ['Book flights in 2 weeks', 'Book flights', '2026-12-07'],
    ['Tidy up this weekend', 'Tidy up', '2026-11-28'],
    ['Send invoice 12/5', 'Send invoice', '2026-12-05'],
  ])('%s → %s due %s', (text, title, dueDate) => {
    expect(parse(text)).toMatchObject({ title, dueDate });
  });

  it('reads the time typed with the day: the chip shows it and the title loses it', () => {
    expect(parse('Pay rent tomorrow 5pm !high')).toEqual({
      title: 'Pay rent',
      dueDate: '2026-11-24',
      dueTime: '17:00',
      dueText: 'tomorrow 5pm',
      priority: 'high',
      priorityText: '!high',
    });
  });

  it.each([
    ['Call mum fri 9:30', 'Call mum', '2026-11-27', '09:30'],
    ['Standup fri at 17:00', 'Standup', '2026-11-27', '17:00'],
    ['Gym tomorrow 5:30pm', 'Gym', '2026-11-24', '17:30'],
    ['Lunch tomorrow noon', 'Lunch', '2026-11-24', '12:00'],
    ['Lunch with Sam tomorrow at noon', 'Lunch with Sam', '2026-11-24', '12:00'],
    ['Pay rent 5pm tomorrow', 'Pay rent', '2026-11-24', '17:00'],
    ['Report due dec 5 at 14:15', 'Report', '2026-12-05', '14:15'],
    ['Dentist today at 9', 'Dentist', '2026-11-23', '09:00'],
    ['Bins tomorrow 12am', 'Bins', '2026-11-24', '00:00'],
  ])('%s → %s due %s at %s', (text, title, dueDate, dueTime) => {
    expect(parse(text)).toMatchObject({ title, dueDate, dueTime });
  });

  it('keeps a date without a time all day', () => {
    expect(parse('Party dec 5').dueTime).toBeNull();
    expect(parse('Ship in 3 days').dueTime).toBeNull();
    expect(parse('Call mum fri').dueTime).toBeNull();
  });

  it('puts a date already past this year into next year', () => {
    expect(parse('Party dec 5', new Date(2026, 11, 10, 9, 0))).toMatchObject({ dueDate: '2027-12-05' });
  });

  it('counts calendar days locally, late at night and just after midnight', () => {
    expect(parse('Bins tomorrow', new Date(2026, 10, 23, 23, 45)).dueDate).toBe('2026-11-24');
    expect(parse('Bins today', new Date(2026, 10, 24, 0, 10)).dueDate).toBe('2026-11-24');
    expect(parse('Bins tomorrow', new Date(2026, 11, 31, 23, 30)).dueDate).toBe('2027-01-01');
  });

  it('crosses a daylight-saving change without losing or gaining a day', () => {
    // 7 March 2027, the day before New York springs forward; 3 April, Auckland falls back.
    expect(parse('Call tomorrow', new Date(2027, 2, 13, 22, 0)).dueDate).toBe('2027-03-14');
    expect(parse('Call in 3 days', new Date(2027, 3, 3, 12, 0)).dueDate).toBe('2027-04-06');
  });

  it('takes a weekday typed on that weekday as today', () => {
    const friday = new Date(2026, 10, 27, 9, 0);
    expect(parse('Review fri', friday).dueDate).toBe('2026-11-27');
    expect(parse('Review next friday', friday).dueDate).toBe('2026-12-04');
  });

  it('drops the word leading into the date', () => {
    expect(parse('Pay rent by friday')).toMatchObject({ title: 'Pay rent', dueDate: '2026-11-27' });
    expect(parse('Report due dec 5')).toMatchObject({ title: 'Report', dueDate: '2026-12-05' });
    expect(parse('Meet on tuesday')).toMatchObject({ title: 'Meet', dueDate: '2026-11-24' });
  });

  it.each([
    ['Call at 5', 'a time alone'],
    ['Meeting 10am', 'a time alone'],
    ['Standup at 17:00', 'a time alone'],
    ['Lunch at noon', 'a time alone'],
    ['Gym 5:30pm', 'a time alone'],
    ['March in protest', 'a month alone'],
    ['Call now', '"now"'],
    ['Buy sun cream', '"sun"'],
    ['Buy 2 apples', 'a number'],
    ['Read chapter 3', 'a number'],
  ])('leaves %s alone (%s)', (text) => {
    expect(parse(text)).toMatchObject({ title: text, dueDate: null, dueText: null });
  });

  it.each([
    ['!urgent', 'urgent'],
    ['!high', 'high'],
    ['!medium', 'medium'],
    ['!low', 'low'],
    ['p1', 'urgent'],
    ['p2', 'high'],
    ['p3', 'medium'],
    ['p4', 'low'],
    ['P1', 'urgent'],
    ['!HIGH', 'high'],
  ])('reads %s as %s, anywhere in the text', (word, priority) => {
    expect(parse(`Fix ${word} the bug`)).toMatchObject({
      title: 'Fix the bug',
      priority,
      priorityText: word,
    });
    expect(parse(`${word} Fix the bug`)).toMatchObject({ title: 'Fix the bug', priority });
    expect(parse(`Fix the bug ${word}`)).toMatchObject({ title: 'Fix the bug', priority });
  });

  it('ignores look-alikes that are not whole priority words', () => {
    for (const text of ['Fix p5', 'Fix up1', 'Wow!high', 'Fix p1x', 'Say !highly', 'Fix !', 'Email p.1']) {
      expect(parse(text)).toMatchObject({ title: text, priority: null, priorityText: null });
    }
  });

  it('lets the last priority win and removes every one of them', () => {
    expect(parse('p3 Fix the bug !urgent')).toMatchObject({ title: 'Fix the bug', priority: 'urgent' });
  });

  it('reads a date and a priority together in any order, collapsing spaces', () => {
    expect(parse('  p2   tomorrow   Water   plants  ')).toMatchObject({
      title: 'Water plants',
      dueDate: '2026-11-24',
      priority: 'high',
    });
  });

  it('gives an empty title when only recognised words were typed', () => {
    expect(parse('tomorrow !high')).toMatchObject({ title: '', dueDate: '2026-11-24', priority: 'high' });
  });

  it('keeps the words of a dismissed chip in the title', () => {
    const now = monday();
    expect(parseQuickAdd('Read Friday p1', now, { keepDate: true })).toMatchObject({
      title: 'Read Friday',
      dueDate: null,
      priority: 'urgent',
    });
    expect(parseQuickAdd('Read Friday p1', now, { keepPriority: true })).toMatchObject({
      title: 'Read p1',
      dueDate: '2026-11-27',
      priority: null,
    });
  });

  it('recognises nothing in plain text', () => {
    expect(parse('Buy milk')).toEqual({
      title: 'Buy milk',
      dueDate: null,
      dueTime: null,
      dueText: null,
      priority: null,
      priorityText: null,
    });
  });
});

describe('chip labels', () => {
  it('names the day and the priority as the chips show them', () => {
    expect(dueChipLabel('2026-11-27')).toBe('Due Fri, Nov 27');
    expect(dueChipLabel('2027-01-01')).toBe('Due Fri, Jan 1');
    expect(dueChipLabel('2026-11-24', '17:00')).toBe('Due Tue, Nov 24, 17:00');
    expect(dueChipLabel('2026-11-24', null)).toBe('Due Tue, Nov 24');
    expect(dueChipLabel(null, '09:00')).toBe('Due at 09:00');
    expect(priorityChipLabel('urgent')).toBe('Urgent');
    expect(priorityChipLabel('low')).toBe('Low');
  });
});

describe('splitLabelWords', () => {
  it('takes `#errands` out of the title', () => {
    expect(splitLabelWords('Buy milk #errands')).toEqual({ text: 'Buy milk', labelNames: ['errands'] });
  });

  it('finds several, anywhere, each once whatever its case (the first spelling kept)', () => {
    expect(splitLabelWords('#Home Fix the tap #urgent-ish #home')).toEqual({
      text: 'Fix the tap',
      labelNames: ['Home', 'urgent-ish'],
    });
  });

  it('leaves a # inside a word, a lone # and text without labels alone', () => {
    expect(splitLabelWords('Fix bug C#7 in issue#4 # now')).toEqual({
      text: 'Fix bug C#7 in issue#4 # now',
      labelNames: [],
    });
    expect(splitLabelWords('Pay rent tomorrow !high')).toEqual({
      text: 'Pay rent tomorrow !high',
      labelNames: [],
    });
  });

  it('keeps the rest for parseQuickAdd: dates and priorities still read', () => {
    const { text, labelNames } = splitLabelWords('Buy milk #errands tomorrow !high');
    expect(labelNames).toEqual(['errands']);
    expect(parseQuickAdd(text, new Date(2026, 10, 23, 10, 0))).toMatchObject({
      title: 'Buy milk',
      priority: 'high',
    });
  });
});
