import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The client's folder boundaries (docs/ARCHITECTURE.md, Client): the workspace shell composes notes and
 * todos; notes and todos are siblings that import neither each other nor the shell; the shared pieces in
 * components/ and lib/ import no feature. Tests count too: a test that needs the whole workspace renders
 * it through src/client/test/. A forbidden import fails here with its file and line.
 */

const clientDir = dirname(fileURLToPath(import.meta.url));

const rules = [
  { from: 'features/notes', forbidden: ['features/todos', 'features/workspace'] },
  { from: 'features/todos', forbidden: ['features/notes', 'features/workspace'] },
  { from: 'components', forbidden: ['features'] },
  { from: 'lib', forbidden: ['features'] },
];

// `import … from`, `export … from`, `import '…'`, `import('…')` and `vi.mock('…')`.
const specifier = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g;

/** The relative imports of a file, as paths from src/client, with the line they are on. */
function importsOf(file: string, text: string) {
  return [...text.matchAll(specifier)].flatMap((match) => {
    const target = match[1] ?? '';
    if (!target.startsWith('.')) return [];
    const line = text.slice(0, match.index).split('\n').length;
    return [{ line, target: relative(clientDir, resolve(dirname(file), target)) }];
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const inside = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

describe.each(rules)('src/client/$from', ({ from, forbidden }) => {
  it(`imports nothing from ${forbidden.join(' or ')}`, () => {
    const files = sourceFiles(join(clientDir, from));
    expect(files.length).toBeGreaterThan(0);
    const violations = files.flatMap((file) =>
      importsOf(file, readFileSync(file, 'utf8'))
        .filter(({ target }) => forbidden.some((folder) => inside(target, folder)))
        .map(({ line, target }) => `${relative(clientDir, file)}:${line} imports ${target}`),
    );
    expect(violations).toEqual([]);
  });
});

it('sees every form of import, over several lines too', () => {
  const file = join(clientDir, 'features/todos/components/example.tsx');
  const text = [
    "import { a } from '../../workspace/a.ts';",
    'import {',
    '  b,',
    "} from '../../notes/b.ts';",
    "import type { C } from '../../../components/tree/c.ts';",
    "export { d } from '../d.ts';",
    "const e = await import('../../workspace/e.ts');",
    "vi.mock('../../notes/f.ts');",
    "import { g } from 'react';",
  ].join('\n');
  expect(importsOf(file, text)).toEqual([
    { line: 1, target: 'features/workspace/a.ts' },
    { line: 4, target: 'features/notes/b.ts' },
    { line: 5, target: 'components/tree/c.ts' },
    { line: 6, target: 'features/todos/d.ts' },
    { line: 7, target: 'features/workspace/e.ts' },
    { line: 8, target: 'features/notes/f.ts' },
  ]);
});
