import { describe, expect, it } from 'vitest';
import { foldLine, maxLineOctets, refoldIcs } from './ics-lines.ts';

const octets = (line: string) => new TextEncoder().encode(line).length;
/** What a reader does first (RFC 5545 §3.1): a CRLF followed by one space or tab joins two lines. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');
/** A UTF-16 half of a character on its own: a line split inside an emoji. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const titles = {
  accents: `SUMMARY:${'é'.repeat(40)}`,
  emoji: `SUMMARY:${'😀'.repeat(40)}`,
  mixed: `SUMMARY:${'aé日😀'.repeat(25)}`,
};

describe.each(Object.entries(titles))('foldLine of %s', (_name, line) => {
  it('gives lines of at most 75 octets, whole characters only, that unfold to the original', () => {
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const part of lines) {
      expect(octets(part)).toBeLessThanOrEqual(maxLineOctets);
      expect(part).not.toMatch(loneSurrogate);
    }
    expect(lines.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(unfold(folded)).toBe(line);
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets alone and folds one of 76', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });
});

describe('refoldIcs', () => {
  it('refolds what was folded by characters (the `ics` package) by octets, whatever the fold character', () => {
    const byCharacters = `BEGIN:VEVENT\r\n${titles.accents.slice(0, 75)}\r\n\t${titles.accents.slice(75)}\r\nEND:VEVENT`;
    const text = refoldIcs(`${byCharacters}\r\n`);
    expect(text.split('\r\n').every((part) => octets(part) <= maxLineOctets)).toBe(true);
    expect(unfold(text)).toBe(`BEGIN:VEVENT\r\n${titles.accents}\r\nEND:VEVENT\r\n`);
  });
});
