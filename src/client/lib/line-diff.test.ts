import { describe, expect, it } from 'vitest';
import { diffLines, withContext } from './line-diff.ts';

describe('diffLines', () => {
  it('marks nothing for equal texts', () => {
    expect(diffLines('a\nb', 'a\nb')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'same', text: 'b' },
    ]);
  });

  it('finds changed, added and removed lines between common ones', () => {
    expect(diffLines('one\ntwo\nthree\nfour', 'one\n2\nthree\nfour\nfive')).toEqual([
      { kind: 'same', text: 'one' },
      { kind: 'removed', text: 'two' },
      { kind: 'added', text: '2' },
      { kind: 'same', text: 'three' },
      { kind: 'same', text: 'four' },
      { kind: 'added', text: 'five' },
    ]);
    expect(diffLines('', 'new')).toEqual([
      { kind: 'removed', text: '' },
      { kind: 'added', text: 'new' },
    ]);
  });

  it('keeps common lines in the middle of a change aligned', () => {
    const kinds = diffLines('a\nx\nb\ny\nc', 'a\nb\nz\nc').map((line) => `${line.kind[0]}${line.text}`);
    expect(kinds).toEqual(['sa', 'rx', 'sb', 'ry', 'az', 'sc']);
  });

  it('rebuilds both texts from its lines, whatever the texts', () => {
    const texts = ['', 'a', 'a\nb\nc', 'c\nb\na', 'a\n\nb\n', 'x\na\ny\nb\nz', 'b\nb\na\nb'];
    for (const before of texts) {
      for (const after of texts) {
        const lines = diffLines(before, after);
        const side = (kind: string) =>
          lines
            .filter((line) => line.kind === 'same' || line.kind === kind)
            .map((line) => line.text)
            .join('\n');
        expect(side('removed'), `${before} -> ${after}`).toBe(before);
        expect(side('added'), `${before} -> ${after}`).toBe(after);
      }
    }
  });

  it('answers a huge change as removed then added instead of building a huge table', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `old ${i}`).join('\n');
    const after = Array.from({ length: 3000 }, (_, i) => `new ${i}`).join('\n');
    const lines = diffLines(before, after);
    expect(lines).toHaveLength(6000);
    expect(lines[2999]?.kind).toBe('removed');
    expect(lines[3000]?.kind).toBe('added');
  });
});

describe('withContext', () => {
  it('folds long unchanged runs, keeping lines around each change', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const after = [...before];
    after[10] = 'changed';
    const rows = withContext(diffLines(before.join('\n'), after.join('\n')), 2);
    expect(rows).toEqual([
      { kind: 'gap', lines: 8 },
      { kind: 'same', text: 'line 8' },
      { kind: 'same', text: 'line 9' },
      { kind: 'removed', text: 'line 10' },
      { kind: 'added', text: 'changed' },
      { kind: 'same', text: 'line 11' },
      { kind: 'same', text: 'line 12' },
      { kind: 'gap', lines: 7 },
    ]);
  });

  it('keeps short runs whole', () => {
    expect(withContext(diffLines('a\nb\nc', 'a\nB\nc'), 2)).toHaveLength(4);
  });
});
