import { describe, expect, it } from 'vitest';
import { repeatPresets } from './repeat-presets.ts';
import { normaliseRule } from './repeat-rule.ts';

describe('repeatPresets', () => {
  it('follows the due date, in normalised rules', () => {
    const presets = repeatPresets('2027-01-29'); // the fifth Friday of January 2027
    expect(presets.map((p) => [p.label, p.rule])).toEqual([
      ['Every day', 'FREQ=DAILY'],
      ['Every weekday', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
      ['Every week on Friday', 'FREQ=WEEKLY;BYDAY=FR'],
      ['Every month on day 29', 'FREQ=MONTHLY;BYMONTHDAY=29'],
      ['Every month on the last Friday', 'FREQ=MONTHLY;BYDAY=-1FR'],
      ['Every year', 'FREQ=YEARLY'],
    ]);
    for (const preset of presets) expect(normaliseRule(preset.rule)).toBe(preset.rule);
    expect(repeatPresets('2027-01-11').find((p) => p.key === 'monthlyOnNth')?.label).toBe(
      'Every month on the 2nd Monday',
    );
  });
});
