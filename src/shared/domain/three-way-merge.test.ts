import { describe, expect, it } from 'vitest';
import { mergeText, mergeValue } from './three-way-merge.ts';

const base = ['# Plan', '', 'First paragraph.', '', 'Second paragraph.', '', 'Third paragraph.'].join('\n');

describe('mergeText', () => {
  it('keeps both edits when they touch different paragraphs', () => {
    const mine = base.replace('First paragraph.', 'First paragraph, edited on the laptop.');
    const theirs = base.replace('Third paragraph.', 'Third paragraph, edited on the phone.');
    expect(mergeText(base, mine, theirs)).toEqual({
      clean: true,
      text: base
        .replace('First paragraph.', 'First paragraph, edited on the laptop.')
        .replace('Third paragraph.', 'Third paragraph, edited on the phone.'),
    });
  });

  it('keeps lines added at both ends', () => {
    const mine = `Added on top\n${base}`;
    const theirs = `${base}\nAdded at the end`;
    expect(mergeText(base, mine, theirs)).toEqual({
      clean: true,
      text: `Added on top\n${base}\nAdded at the end`,
    });
  });

  it('reports a conflict when both sides change the same paragraph differently', () => {
    const mine = base.replace('Second paragraph.', 'Second, mine.');
    const theirs = base.replace('Second paragraph.', 'Second, theirs.');
    expect(mergeText(base, mine, theirs)).toEqual({ clean: false });
  });

  it('takes the one changed side, and agrees when both made the same change', () => {
    const changed = base.replace('Third', '3rd');
    expect(mergeText(base, base, changed)).toEqual({ clean: true, text: changed });
    expect(mergeText(base, changed, base)).toEqual({ clean: true, text: changed });
    expect(mergeText(base, changed, changed)).toEqual({ clean: true, text: changed });
  });

  it('keeps a deletion on one side beside an edit on the other', () => {
    const mine = base.replace('\n\nFirst paragraph.', '');
    const theirs = base.replace('Third paragraph.', 'Third, longer.');
    expect(mergeText(base, mine, theirs)).toEqual({
      clean: true,
      text: base.replace('\n\nFirst paragraph.', '').replace('Third paragraph.', 'Third, longer.'),
    });
  });
});

describe('mergeValue', () => {
  it('takes the side that changed, and conflicts when both did', () => {
    expect(mergeValue('a', 'b', 'a')).toEqual({ clean: true, value: 'b' });
    expect(mergeValue('a', 'a', 'c')).toEqual({ clean: true, value: 'c' });
    expect(mergeValue('a', 'b', 'b')).toEqual({ clean: true, value: 'b' });
    expect(mergeValue('a', 'b', 'c')).toEqual({ clean: false });
  });
});
