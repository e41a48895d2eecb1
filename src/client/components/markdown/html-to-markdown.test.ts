import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from './html-to-markdown.ts';

// Real-looking clipboard HTML, kept as .txt so the linter leaves its markup alone (trimmed copies of what Google Docs and Word put on the clipboard).
const fixture = (name: string) =>
  readFileSync(join(process.cwd(), 'src/client/components/markdown/fixtures', name), 'utf8');

describe('pasted HTML as Markdown', () => {
  it('cleans a Google Docs paste: wrapper b, styled spans, lists, links, a table', () => {
    const markdown = htmlToMarkdown(fixture('google-docs-paste.html.txt'));
    expect(markdown).toContain('# Trip plan');
    expect(markdown).toContain('**Book** the *train*');
    expect(markdown).not.toMatch(/^\*\*Trip/);
    expect(markdown).toMatch(/-\s+Passport/);
    expect(markdown).toContain('[timetable](https://example.com/timetable)');
    expect(markdown).toContain('| Day | Place |');
    expect(markdown).not.toMatch(/docs-internal|style|font-weight/);
  });

  it('cleans a Word paste: no mso junk, conditional comments or o:p', () => {
    const markdown = htmlToMarkdown(fixture('word-paste.html.txt'));
    expect(markdown).toContain('## Minutes');
    expect(markdown).toContain('**Decided:**');
    expect(markdown).toMatch(/^- Budget approved$/m);
    expect(markdown).toMatch(/^- Next meeting Friday$/m);
    expect(markdown).not.toMatch(/mso|Mso|o:p|<!--|·|endif/);
  });

  it('drops scripts and styles from a web page and keeps code', () => {
    const markdown = htmlToMarkdown(
      '<style>p{color:red}</style><script>alert(1)</script><p>Run <code>npm test</code></p><pre><code>let a = 1;</code></pre>',
    );
    expect(markdown).toBe('Run `npm test`\n\n```\nlet a = 1;\n```');
  });
});
