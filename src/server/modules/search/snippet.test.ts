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

describe('makeSnippet on Markdown pages', () => {
  const whole = (content: string, needle: string) => {
    const chars = Array.from(content);
    const at = chars.join('').indexOf(needle);
    return makeSnippet({
      excerpt: content,
      excerptStart: 1,
      matchAt: at < 0 ? 0 : Array.from(content.slice(0, at)).length + 1,
      matchLength: Array.from(needle).length,
      contentLength: chars.length,
    });
  };

  it('shows the text of headings, emphasis, links and images without their marks', () => {
    const result = whole(
      '# Trip plan\n\nPack **warm** clothes and _boots_, see [the map](https://example.com/map) ![a hut](hut.png) and `gear`.',
      'boots',
    );
    expect(result.snippet).toBe('Trip plan Pack warm clothes and boots, see the map a hut and gear.');
    expect(highlighted(result)).toBe('boots');
  });

  it('leaves out list, checkbox, blockquote and code fence marks', () => {
    const result = whole('- [ ] call\n* [x] pay\n1. rent\n> quoted\n```js\nconst needle = 1;\n```', 'needle');
    expect(result.snippet).toBe('call pay rent quoted const needle = 1;');
    expect(highlighted(result)).toBe('needle');
  });

  it('keeps the matched characters even when they are marks', () => {
    const result = whole('## Heading with a [link](https://example.com/page)', 'example.com');
    expect(highlighted(result)).toBe('example.com');
    expect(result.snippet.startsWith('Heading with a link')).toBe(true);
  });

  it('keeps underscores inside words and a leading # of a cut excerpt', () => {
    expect(whole('rename snake_case_name to camel', 'camel').snippet).toBe('rename snake_case_name to camel');
    const cut = makeSnippet({
      excerpt: '# 5 in the middle of a line',
      excerptStart: 10,
      matchAt: 0,
      matchLength: 1,
      contentLength: 36,
    });
    expect(cut.snippet).toBe('…# 5 in the middle of a line');
  });
});
