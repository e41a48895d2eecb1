import { describe, expect, it } from 'vitest';
import { bareTaskMarker, openableUrl, taskLabel, toggledMarker } from './markdown-syntax.ts';

describe('bareTaskMarker', () => {
  it('finds `[ ]` and `[x]` at the start of a line, after indentation', () => {
    expect(bareTaskMarker('[ ] call Ana')).toEqual({ offset: 0, checked: false });
    expect(bareTaskMarker('  [x] done')).toEqual({ offset: 2, checked: true });
    expect(bareTaskMarker('[X]')).toEqual({ offset: 0, checked: true });
  });

  it('leaves links, references and text that merely contains brackets alone', () => {
    expect(bareTaskMarker('[x](https://example.com)')).toBeNull();
    expect(bareTaskMarker('[ref] text')).toBeNull();
    expect(bareTaskMarker('see [ ] here')).toBeNull();
    expect(bareTaskMarker('[  ] two spaces')).toBeNull();
  });
});

it('toggles a marker both ways and refuses anything else', () => {
  expect(toggledMarker('[ ]')).toBe('[x]');
  expect(toggledMarker('[x]')).toBe('[ ]');
  expect(toggledMarker('[X]')).toBe('[ ]');
  expect(toggledMarker('[-]')).toBeNull();
});

it('names a task after its text, shortened, with a fallback when empty', () => {
  expect(taskLabel('  buy milk ')).toBe('buy milk');
  expect(taskLabel('')).toBe('Task');
  expect(taskLabel('a'.repeat(100))).toHaveLength(80);
});

describe('openableUrl', () => {
  it('opens web and mail addresses', () => {
    expect(openableUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(openableUrl('<http://example.com>')).toBe('http://example.com/');
    expect(openableUrl('www.example.org')).toBe('https://www.example.org/');
    expect(openableUrl('mailto:ana@example.com')).toBe('mailto:ana@example.com');
  });

  it('never opens script, data or relative addresses', () => {
    expect(openableUrl('javascript:alert(1)')).toBeNull();
    expect(openableUrl('JaVaScRiPt:alert(1)')).toBeNull();
    expect(openableUrl('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(openableUrl('/app/settings')).toBeNull();
    expect(openableUrl('https://')).toBeNull();
  });
});
