import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments must send a reader somewhere they can go. Tracker numbers, the original specification and the
 * old design notes are not in the repository, so a comment cites a page of docs/ (docs/PRODUCT.md §4.2,
 * docs/backup.md, …) or says its reason in words. This test fails listing file:line for any such
 * citation, and for a docs/*.md named in the code or linked from the docs that does not exist.
 */

const repoRoot = resolve(import.meta.dirname, '..');

/** Folders scanned whole, and the top-level files of the repository (vite.config.ts, …). */
const scannedFolders = ['src', 'e2e', 'scripts', 'bench', 'public'];
const scannedExtensions = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|css|html)$/;
const skippedFolders = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);

const forbiddenCitations: { pattern: RegExp; what: string }[] = [
  { pattern: /\bissue\s+#?\d+/i, what: 'a tracker issue number' },
  { pattern: /\bspec\s*§/i, what: 'a section of the original specification' },
  { pattern: /\bspec's\s*§/i, what: 'a section of the original specification' },
  { pattern: /DESIGN\.md/, what: 'the old design notes' },
  { pattern: /\bDESIGN\s*§/, what: 'the old design notes' },
];

/**
 * Files being rewritten elsewhere at the time this test was written, whose comments are cleaned by that
 * work. Remove an entry once its files are clean; never add one to silence a new citation.
 */
const allowList: string[] = [];

/** A path of the allow-list as a pattern: `*` stays within one folder, a trailing `/` covers the folder. */
function allowPattern(entry: string): RegExp {
  const body = entry
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${body}${entry.endsWith('/') ? '' : '$'}`);
}
const allowed = allowList.map(allowPattern);
const isAllowed = (path: string) => allowed.some((pattern) => pattern.test(path));

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return skippedFolders.has(name) ? [] : filesUnder(path);
    return scannedExtensions.test(name) ? [path] : [];
  });
}

const topLevelFiles = readdirSync(repoRoot)
  .filter((name) => scannedExtensions.test(name) && statSync(join(repoRoot, name)).isFile())
  .map((name) => join(repoRoot, name));
const scannedFiles = [
  ...scannedFolders.flatMap((folder) => filesUnder(join(repoRoot, folder))),
  ...topLevelFiles,
]
  .map((path) => relative(repoRoot, path))
  .sort();

const linesOf = (path: string) => readFileSync(join(repoRoot, path), 'utf8').split('\n');

/** A page of docs/ (with an optional `#anchor`) as code and comments name it. */
const docsReference = /\bdocs\/([A-Za-z0-9_.-]+\.md)(?:#([a-z0-9-]+))?/g;

describe('citations in code point into the repository', () => {
  it('scans the code', () => {
    expect(scannedFiles.length).toBeGreaterThan(100);
  });

  it('no comment cites a tracker issue, the original specification or the old design notes', () => {
    const found: string[] = [];
    for (const path of scannedFiles.filter((file) => !isAllowed(file))) {
      linesOf(path).forEach((line, index) => {
        const hit = forbiddenCitations.find(({ pattern }) => pattern.test(line));
        if (hit) found.push(`${path}:${index + 1}: ${hit.what}: ${line.trim()}`);
      });
    }
    expect(found, 'cite a page of docs/ or say the reason in words').toEqual([]);
  });

  it('every docs/*.md the code names exists', () => {
    const missing: string[] = [];
    for (const path of scannedFiles) {
      linesOf(path).forEach((line, index) => {
        for (const [reference, file] of line.matchAll(docsReference)) {
          if (!existsSync(join(repoRoot, 'docs', file as string)))
            missing.push(`${path}:${index + 1}: ${reference}`);
        }
      });
    }
    expect(missing).toEqual([]);
  });
});

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdownPath: string): Set<string> {
  const headings = readFileSync(markdownPath, 'utf8')
    .split('\n')
    .filter((line) => /^#{1,6}\s/.test(line))
    .map((line) => headingAnchor(line.replace(/^#+\s*/, '')));
  return new Set(headings);
}

describe('links between the documents', () => {
  const documents = [
    'README.md',
    ...readdirSync(join(repoRoot, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
  /** [text](target.md#anchor): local Markdown targets only. */
  const markdownLink = /\]\(([A-Za-z0-9_./-]+\.md)(?:#([^)\s]+))?\)/g;

  it('every linked document and heading exists', () => {
    const broken: string[] = [];
    for (const document of documents) {
      const folder = join(repoRoot, document, '..');
      readFileSync(join(repoRoot, document), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const [, target, anchor] of line.matchAll(markdownLink)) {
            const targetPath = join(folder, target as string);
            const where = `${document}:${index + 1}: ${target}${anchor ? `#${anchor}` : ''}`;
            if (!existsSync(targetPath)) broken.push(where);
            else if (anchor && !anchorsOf(targetPath).has(anchor)) broken.push(where);
          }
        });
    }
    expect(broken).toEqual([]);
  });

  it('anchors the code names exist', () => {
    const broken: string[] = [];
    for (const path of scannedFiles) {
      linesOf(path).forEach((line, index) => {
        for (const [reference, file, anchor] of line.matchAll(docsReference)) {
          const target = join(repoRoot, 'docs', file as string);
          if (anchor && existsSync(target) && !anchorsOf(target).has(anchor)) {
            broken.push(`${path}:${index + 1}: ${reference}`);
          }
        }
      });
    }
    expect(broken).toEqual([]);
  });
});
