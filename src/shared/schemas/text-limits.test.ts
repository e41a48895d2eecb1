import { describe, expect, it } from 'vitest';
import { fitsUtf8Bytes, utf8ByteLength } from './text-limits.ts';

describe('UTF-8 size limits', () => {
  it('counts bytes as UTF-8 does', () => {
    for (const text of [
      '',
      'abc',
      'é',
      '€',
      '😀',
      'a😀é€',
      '\u0001',
      '\ud800',
      'x\udc00y',
      '😀'.repeat(1000),
    ]) {
      expect(utf8ByteLength(text), JSON.stringify(text.slice(0, 8))).toBe(
        new TextEncoder().encode(text).length,
      );
    }
  });

  it('holds 300,000 emoji (600,000 characters, 1.2 MB) over 1 MiB', () => {
    const emoji = '😀'.repeat(300_000);
    expect(emoji.length).toBeLessThan(1024 * 1024);
    expect(fitsUtf8Bytes(emoji, 1024 * 1024)).toBe(false);
    expect(fitsUtf8Bytes('a'.repeat(1024 * 1024), 1024 * 1024)).toBe(true);
    expect(fitsUtf8Bytes('é'.repeat(512 * 1024 + 1), 1024 * 1024)).toBe(false);
  });
});
