import { describe, expect, it } from 'vitest';
import {
  defaultReadingTime,
  formatPublishedDate,
  formatTags,
  isHttpUrl,
  metaDescriptionOf,
  metaTitleOf,
  minReadingTime,
  parseTags,
  slugify,
  slugPattern,
} from './blog.ts';

describe('slugify (docs/PRODUCT.md §5 blog editor)', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  Hello,   World!  ', 'hello-world'],
    ['--Already--hyphenated--', 'already-hyphenated'],
    ['10 Tips & Tricks for 2026', '10-tips-tricks-for-2026'],
    ['Café au lait', 'caf-au-lait'],
    ['under_score and.dot', 'under-score-and-dot'],
    ['!!!', ''],
    ['', ''],
  ])('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('every non-empty result is a valid slug', () => {
    for (const title of ['A', 'a b c', ' x-y ', 'Ünïcödé 42', '$&<script>']) {
      const slug = slugify(title);
      if (slug !== '') expect(slug).toMatch(slugPattern);
    }
  });
});

describe('parseTags', () => {
  it('splits on commas, trims, drops empty entries, keeps order', () => {
    expect(parseTags(' react, , typescript ,,  web dev ,')).toEqual(['react', 'typescript', 'web dev']);
    expect(parseTags('')).toEqual([]);
    expect(parseTags(' , ')).toEqual([]);
  });

  it('formatTags gives the text field back', () => {
    expect(formatTags(['a', 'b c'])).toBe('a, b c');
    expect(parseTags(formatTags(['a', 'b c']))).toEqual(['a', 'b c']);
  });
});

describe('reading time and meta fallbacks', () => {
  it('defaults to 5, minimum 1', () => {
    expect(defaultReadingTime).toBe(5);
    expect(minReadingTime).toBe(1);
  });

  it('meta title falls back to the title, meta description to the excerpt', () => {
    expect(metaTitleOf({ title: 'T', metaTitle: '' })).toBe('T');
    expect(metaTitleOf({ title: 'T', metaTitle: '   ' })).toBe('T');
    expect(metaTitleOf({ title: 'T', metaTitle: 'M' })).toBe('M');
    expect(metaDescriptionOf({ excerpt: 'E', metaDescription: '' })).toBe('E');
    expect(metaDescriptionOf({ excerpt: 'E', metaDescription: 'D' })).toBe('D');
  });
});

describe('isHttpUrl and dates', () => {
  it('accepts absolute http and https URLs only', () => {
    expect(isHttpUrl('https://example.com/a.png')).toBe(true);
    expect(isHttpUrl('http://example.com')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      '/a.png',
      '//x.com/a.png',
      'ftp://x',
      '',
    ]) {
      expect(isHttpUrl(bad)).toBe(false);
    }
  });

  it('formats the published date in long US format', () => {
    expect(formatPublishedDate('2026-01-05T23:30:00.000Z')).toBe('January 5, 2026');
  });
});
