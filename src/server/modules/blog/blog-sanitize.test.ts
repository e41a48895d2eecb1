import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from './blog-sanitize.ts';

/** What no sanitized post may contain, whatever the input. */
function expectHarmless(html: string) {
  expect(html).not.toMatch(
    /<script|<iframe|<svg|<math|<style|<object|<embed|<form|<input|<base|<meta|<link/i,
  );
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|vbscript:|data:/i);
  expect(html).not.toMatch(/\sstyle\s*=/i);
}

describe('sanitizePostHtml: XSS corpus', () => {
  const corpus: Array<[string, string, string]> = [
    ['a script tag', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['a script tag in mixed case', '<ScRiPt>alert(1)</sCrIpT><p>b</p>', '<p>b</p>'],
    ['an unclosed script', '<p>c</p><script>alert(1)', '<p>c</p>'],
    [
      'onerror on an image',
      '<img src="https://x.example/a.png" onerror="alert(1)">',
      '<img src="https://x.example/a.png" alt="" />',
    ],
    ['onerror on a broken image', '<img src=x onerror=alert(1)>', ''],
    ['onclick on a paragraph', '<p onclick="alert(1)">d</p>', '<p>d</p>'],
    ['onmouseover without quotes', '<strong onmouseover=alert(1)>e</strong>', '<strong>e</strong>'],
    ['javascript: link', '<a href="javascript:alert(1)">f</a>', '<a>f</a>'],
    ['JaVaScRiPt: in mixed case', '<a href="JaVaScRiPt:alert(1)">f</a>', '<a>f</a>'],
    ['javascript: with leading spaces', '<a href="   javascript:alert(1)">f</a>', '<a>f</a>'],
    ['javascript: with a tab inside', '<a href="java\tscript:alert(1)">f</a>', '<a>f</a>'],
    ['javascript: with a newline inside', '<a href="java\nscript:alert(1)">f</a>', '<a>f</a>'],
    ['javascript: with an entity tab', '<a href="java&#x09;script:alert(1)">f</a>', '<a>f</a>'],
    [
      'javascript: as decimal entities',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">f</a>',
      '<a>f</a>',
    ],
    [
      'javascript: as hex entities without semicolons',
      '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">f</a>',
      '<a>f</a>',
    ],
    ['javascript: with a named entity colon', '<a href="javascript&colon;alert(1)">f</a>', '<a>f</a>'],
    ['javascript: in an image', '<img src="javascript:alert(1)">', ''],
    ['vbscript:', '<a href="vbscript:msgbox(1)">g</a>', '<a>g</a>'],
    [
      'data: HTML link',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">h</a>',
      '<a>h</a>',
    ],
    ['data: URL in an image', '<img src="data:image/png;base64,iVBORw0KGgo=" alt="x">', ''],
    ['data: SVG in an image', '<img src="data:image/svg+xml,<svg onload=alert(1)>">', ''],
    ['svg with script', '<svg><script>alert(1)</script></svg><p>i</p>', '<p>i</p>'],
    ['svg onload', '<svg onload="alert(1)"><circle r="1"/></svg>', ''],
    [
      'svg animate href',
      '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>j</text></a></svg>',
      '<a>j</a>',
    ],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>k</p>', '<p>k</p>'],
    ['an iframe with srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['a style attribute', '<p style="background:url(javascript:alert(1))">l</p>', '<p>l</p>'],
    ['a style element', '<style>body{display:none}</style><p>m</p>', '<p>m</p>'],
    ['an object', '<object data="https://x.example/a.swf"></object>', ''],
    ['an embed', '<embed src="https://x.example/a.swf">', ''],
    ['a form', '<form action="https://x.example"><input name="q"><button>n</button></form>', 'n'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
    ['a base tag', '<base href="https://evil.example/">', ''],
    ['a protocol-relative link', '<a href="//evil.example">o</a>', '<a>o</a>'],
    ['math/mglyph mutation', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['noscript mutation', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
    ['a comment hiding a script', '<!--<script>alert(1)</script>--><p>p</p>', '<p>p</p>'],
    ['a class and id', '<p class="x" id="y">q</p>', '<p>q</p>'],
    [
      'target=_blank link',
      '<a href="https://ok.example" target="_blank" rel="opener">r</a>',
      '<a href="https://ok.example" rel="noopener noreferrer nofollow">r</a>',
    ],
  ];

  it.each(corpus)('%s', (_name, input, expected) => {
    const output = sanitizePostHtml(input);
    expect(output).toBe(expected);
    expectHarmless(output);
    expect(sanitizePostHtml(output)).toBe(output);
  });

  it('keeps the rich editor formatting', () => {
    const html =
      '<h1>A</h1><h2>B</h2><h3>C</h3><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>quote</p></blockquote>' +
      '<pre><code>const a = 1 &lt; 2;</code></pre><p>line<br />break</p><hr />' +
      '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">link</a> ' +
      '<a href="mailto:hello@example.com" rel="noopener noreferrer nofollow">mail</a></p>' +
      '<img src="https://img.example/a.png" alt="An image" />';
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it('adds rel="noopener noreferrer nofollow" to every link and drops relative links', () => {
    expect(sanitizePostHtml('<a href="http://example.com">x</a>')).toBe(
      '<a href="http://example.com" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizePostHtml('<a href="/about">x</a>')).toBe('<a>x</a>');
  });
});
