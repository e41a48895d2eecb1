import { describe, expect, it } from 'vitest';
import { repeatChipLabel, splitRepeatWords } from './quick-add-repeat.ts';

describe('quick add repeat words', () => {
  it.each([
    ['water plants every day', 'FREQ=DAILY', 'water plants'],
    ['standup every weekday', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'standup'],
    ['water plants every monday', 'FREQ=WEEKLY;BYDAY=MO', 'water plants'],
    ['gym every mon and thu', 'FREQ=WEEKLY;BYDAY=MO,TH', 'gym'],
    ['gym every mon, wed & fri', 'FREQ=WEEKLY;BYDAY=MO,WE,FR', 'gym'],
    ['review every 2 weeks', 'FREQ=WEEKLY;INTERVAL=2', 'review'],
    ['rent every month on the 31st', 'FREQ=MONTHLY;BYMONTHDAY=31', 'rent'],
    ['demo every last friday', 'FREQ=MONTHLY;BYDAY=-1FR', 'demo'],
    ['birthday card every year', 'FREQ=YEARLY', 'birthday card'],
    ['backup every other week', 'FREQ=WEEKLY;INTERVAL=2', 'backup'],
  ])('%s', (typed, rule, title) => {
    expect(splitRepeatWords(typed)).toMatchObject({ text: title, repeat: { rule, mode: 'fixed' } });
  });

  it('counts from completion with "after done"', () => {
    expect(splitRepeatWords('water cactus every 3 days after done')).toEqual({
      text: 'water cactus',
      repeat: { rule: 'FREQ=DAILY;INTERVAL=3', mode: 'afterCompletion' },
      repeatText: 'every 3 days after done',
    });
  });

  it('leaves text without repeat words alone', () => {
    expect(splitRepeatWords('Call mum monday')).toEqual({
      text: 'Call mum monday',
      repeat: null,
      repeatText: null,
    });
    expect(splitRepeatWords('everyday carry')).toMatchObject({ repeat: null });
  });

  it('labels the chip', () => {
    expect(repeatChipLabel({ rule: 'FREQ=WEEKLY;BYDAY=MO', mode: 'fixed' })).toBe('Repeats every Monday');
  });
});
