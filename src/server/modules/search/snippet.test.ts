import { describe, expect, it } from 'vitest';
import { makeSnippet } from './snippet.ts';

const highlighted = (result: ReturnType<typeof makeSnippet>) =>
  result.match ? result.snippet.slice(result.match.start, result.match.start + result.match.length) : null;

describe('makeSnippet', () => {
  it('shows the whole of a short page with the match marked', () => {
    const content = 'Buy milk and eggs';
    const result = makeSnippet({
      excerpt: content,
      excerptStart: 1,
      matchAt: 5,
      matchLength: 4,
      contentLength: 17,
    });
    expect(result.snippet).toBe('Buy milk and eggs');
    expect(highlighted(result)).toBe('milk');
  });

  it('cuts around a match deep inside a long page, with ellipses on both sides', () => {
    const content = `${'a'.repeat(500)} needle ${'b'.repeat(500)}`;
    const matchAt = content.indexOf('needle') + 1;
    const excerptStart = matchAt - 80;
    const excerpt = content.slice(excerptStart - 1, excerptStart - 1 + 400);
    const result = makeSnippet({
      excerpt,
      excerptStart,
      matchAt,
      matchLength: 6,
      contentLength: content.length,
    });
    expect(result.snippet.startsWith('…')).toBe(true);
    expect(result.snippet.endsWith('…')).toBe(true);
    expect(highlighted(result)).toBe('needle');
    expect(result.snippet.length).toBeLessThanOrEqual(182);
  });

  it('flattens line breaks without losing the mark, counting characters beyond the BMP as one', () => {
    const content = '🙂🙂 first line\n\n  second NEEDLE line';
    const chars = Array.from(content);
    const matchAt = chars.join('').indexOf('NEEDLE') - 1; // two emoji are 4 UTF-16 units, 2 characters
    const result = makeSnippet({
      excerpt: content,
      excerptStart: 1,
      matchAt,
      matchLength: 6,
      contentLength: chars.length,
    });
    expect(result.snippet).toBe('🙂🙂 first line second NEEDLE line');
    expect(highlighted(result)).toBe('NEEDLE');
  });

  it('shows the beginning of the content when only the title matched', () => {
    const result = makeSnippet({
      excerpt: 'x'.repeat(400),
      excerptStart: 1,
      matchAt: 0,
      matchLength: 3,
      contentLength: 2000,
    });
    expect(result.match).toBeNull();
    expect(result.snippet).toBe(`${'x'.repeat(180)}…`);
    expect(
      makeSnippet({ excerpt: '', excerptStart: 1, matchAt: 0, matchLength: 3, contentLength: 0 }),
    ).toEqual({
      snippet: '',
      match: null,
    });
  });
});
