import { describe, expect, it } from 'vitest';
import { describeRule } from '../../../shared/domain/repeat-text.ts';
import { type LinkTargets, rewriteLinks } from './markdown-links.ts';
import { parseTaskText, repeatOf } from './markdown-todos.ts';

const pages: Record<string, string> = { 'notes/a.md': 'A', 'notes/sub/b c.md': 'B', 'top.md': 'T' };
const files: Record<string, { id: string; type: string }> = {
  'notes/img.png': { id: 'I', type: 'image/png' },
  'notes/files/a (1).pdf': { id: 'P', type: 'application/pdf' },
};
const byName = (name: string | null, paths: Record<string, unknown>) =>
  name === null ? undefined : Object.keys(paths).find((path) => path.split('/').at(-1) === name);
const targets: LinkTargets = {
  page: (candidates, name) => {
    for (const path of candidates) if (path && pages[path]) return pages[path];
    const found = byName(name === null ? null : `${name}.md`, pages);
    return found ? pages[found] : undefined;
  },
  file: (candidates, name) => {
    for (const path of candidates) if (path && files[path]) return files[path];
    const found = byName(name, files);
    return found ? files[found] : undefined;
  },
};
const rewrite = (text: string) => rewriteLinks(text, 'notes/a.md', targets);

describe('rewriteLinks', () => {
  it('rewrites wiki links to pages, with an alias or a heading, resolved by name or from the root', () => {
    expect(rewrite('[[b c]] [[b c|see B]] [[top#Part]] [[sub/b c]]')).toBe(
      '[b c](/app/pages/B) [see B](/app/pages/B) [top](/app/pages/T) [sub/b c](/app/pages/B)',
    );
  });

  it('rewrites relative Markdown links, percent-encoded or in angle brackets, and keeps a title', () => {
    expect(rewrite('[x](sub/b%20c.md) [y](<sub/b c.md#h>) [z](../top.md "Top")')).toBe(
      '[x](/app/pages/B) [y](/app/pages/B) [z](/app/pages/T "Top")',
    );
  });

  it('turns linked and embedded files into attachment links', () => {
    expect(rewrite('![alt](img.png) [pdf](files/a%20%281%29.pdf) ![[img.png]] ![[img.png|small]]')).toBe(
      '![alt](/api/attachments/I) [pdf](/api/attachments/P) ![img](/api/attachments/I) ![small](/api/attachments/I)',
    );
  });

  it('leaves code, addresses, anchors, links leaving the zip and unknown targets as they were', () => {
    const kept =
      '`[[b c]]` and\n```\n[x](sub/b%20c.md)\n```\n[w](https://example.com/a.md) [h](#top) [up](../../x.md) [[Nowhere]] ![](missing.png)';
    expect(rewrite(kept)).toBe(kept);
  });
});

describe('parseTaskText', () => {
  it('takes the Obsidian Tasks fields off the end in any order', () => {
    expect(parseTaskText('Pay rent 📅 2026-12-01 17:00 ⏫ 🔁 FREQ=WEEKLY #home #bills', false)).toEqual({
      text: 'Pay rent',
      completed: false,
      dueDate: '2026-12-01',
      dueTime: '17:00',
      priority: 'high',
      repeat: { rule: 'FREQ=WEEKLY', mode: 'fixed' },
      labels: ['home', 'bills'],
    });
    expect(parseTaskText('Fix it 🔺', false)).toMatchObject({ text: 'Fix it', priority: 'urgent' });
    expect(parseTaskText('Call #2 back ✅ 2026-01-01 🔽', true)).toMatchObject({
      text: 'Call #2 back',
      priority: 'low',
      labels: [],
    });
  });
});

describe('repeatOf', () => {
  it("reads back the app's own sentences, as our export writes them, and plain RRULEs", () => {
    const rules: Array<[string, 'fixed' | 'afterCompletion']> = [
      ['FREQ=DAILY', 'fixed'],
      ['FREQ=WEEKLY;BYDAY=MO,TH', 'fixed'],
      ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'fixed'],
      ['FREQ=MONTHLY;INTERVAL=2', 'fixed'],
      ['FREQ=DAILY;INTERVAL=3', 'afterCompletion'],
      ['FREQ=YEARLY', 'fixed'],
    ];
    for (const [rule, mode] of rules) {
      const sentence = describeRule(rule, mode) ?? '';
      const written = `${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`;
      expect(repeatOf(written), written).toEqual({ rule, mode });
    }
    expect(repeatOf('FREQ=WEEKLY;INTERVAL=2')).toEqual({ rule: 'FREQ=WEEKLY;INTERVAL=2', mode: 'fixed' });
  });

  it('leaves a rule it does not wholly understand', () => {
    expect(repeatOf('every week when it rains')).toBeNull();
  });
});
