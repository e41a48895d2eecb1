import { describe, expect, it } from 'vitest';
import {
  attachmentIdsIn,
  FolderNames,
  fileSafeName,
  frontMatter,
  rewriteAttachmentLinks,
  splitExtension,
  taskMarkdown,
} from './markdown-export.ts';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('fileSafeName', () => {
  it.each([
    ['a/b\\c:d*e?f"g<h>i|j', 'a-b-c-d-e-f-g-h-i-j'],
    ['tab\there\u0000nul\u007fdel', 'tab-here-nul-del'],
    ['  ..hidden. ', 'hidden'],
    ['', 'Untitled'],
    [' ... ', 'Untitled'],
    ['..', 'Untitled'],
    ['Café ☕', 'Café ☕'],
  ])('%j → %j', (title, name) => expect(fileSafeName(title)).toBe(name));

  it('keeps at most 100 characters, counting an emoji as one, and trims what the cut leaves', () => {
    expect(fileSafeName('😀'.repeat(150))).toBe('😀'.repeat(100));
    expect(fileSafeName(`${'a'.repeat(99)} b`)).toBe('a'.repeat(99));
  });
});

describe('FolderNames', () => {
  it('numbers names taken already, without regard to case, before the extension', () => {
    const names = new FolderNames(['Todos']);
    expect(names.take('todos')).toBe('todos (2)');
    expect(names.take('Page', '.md')).toBe('Page.md');
    expect(names.take('page', '.md')).toBe('page (2).md');
    expect(names.take('PAGE', '.md')).toBe('PAGE (3).md');
    expect(names.take('Page (2)', '.md')).toBe('Page (2) (2).md');
  });

  it('splits an extension off a file name', () => {
    expect(splitExtension('photo.PNG')).toEqual(['photo', '.PNG']);
    expect(splitExtension('.env')).toEqual(['.env', '']);
    expect(splitExtension('README')).toEqual(['README', '']);
  });
});

describe('front matter and links', () => {
  it('writes the title as a JSON string', () => {
    expect(frontMatter({ title: 'a "b"\nc', created: 'C', updated: 'U' })).toBe(
      '---\ntitle: "a \\"b\\"\\nc"\ncreated: C\nupdated: U\n---\n\n',
    );
  });

  it("rewrites only the product's own addresses of exported files", () => {
    const page = `![x](/api/attachments/${id}) [y](https://x.test/api/attachments/${id}) /api/attachments/${id.toUpperCase()}`;
    expect(attachmentIdsIn(page)).toEqual([id]);
    expect(rewriteAttachmentLinks(page, new Map([[id, 'my (1).png']]))).toBe(
      `![x](files/my%20%281%29.png) [y](https://x.test/api/attachments/${id}) files/my%20%281%29.png`,
    );
    expect(rewriteAttachmentLinks(page, new Map())).toBe(page);
  });
});

describe('taskMarkdown', () => {
  const task = {
    text: 'Pay\nrent',
    completed: false,
    dueDate: null,
    dueTime: null,
    priority: 'none',
    repeatRule: null,
    repeatMode: null,
    description: '',
    labels: [],
    subtasks: [],
  };
  it('writes a bare task on one line', () => {
    expect(taskMarkdown(task)).toBe('- [ ] Pay rent\n');
  });
  it('adds the urgent sign, a repeat after completion and tags without spaces', () => {
    expect(
      taskMarkdown({
        ...task,
        completed: true,
        dueDate: '2026-12-01',
        priority: 'urgent',
        repeatRule: 'FREQ=DAILY;INTERVAL=3',
        repeatMode: 'afterCompletion',
        labels: ['a b#c'],
      }),
    ).toBe('- [x] Pay rent 📅 2026-12-01 🔺 🔁 every 3 days after completion #a-b-c\n');
  });
});
