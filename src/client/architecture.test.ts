import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The client's folder boundaries (docs/ARCHITECTURE.md, Client): the workspace shell composes notes and
 * todos; notes and todos are siblings that import neither each other nor the shell; the shared pieces in
 * components/ and lib/ import no feature, and lib imports no component. A feature that others use names
 * what it offers in its index.ts (its face), and the others import only that. No two client folders
 * import each other, however long the way round. Tests count too: a test that needs the whole workspace
 * renders it through src/client/test/. A forbidden import fails here with its file and line.
 */

const clientDir = dirname(fileURLToPath(import.meta.url));

const rules = [
  { from: 'features/notes', forbidden: ['features/todos', 'features/workspace'] },
  { from: 'features/todos', forbidden: ['features/notes', 'features/workspace'] },
  { from: 'components', forbidden: ['features'] },
  { from: 'lib', forbidden: ['features', 'components'] },
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

/** The folder a client path belongs to: one per feature and per components/ part; lib, routes, test. */
function folderOf(path: string): string {
  const parts = path.split('/');
  if (parts.length === 1) return '.';
  if ((parts[0] === 'features' || parts[0] === 'components') && parts.length > 2)
    return `${parts[0]}/${parts[1]}`;
  return parts[0] ?? '.';
}

/** A feature's face: the only file of it another feature may import. */
const isFace = (path: string) => /^features\/[^/]+\/index\.ts$/.test(path);
const featureOf = (path: string) => (path.startsWith('features/') ? path.split('/')[1] : undefined);

// Tests and their helpers render whole pages through routes/ and src/client/test/, which import the
// features back: those arrows serve the tests only, so the cycle rule reads the shipped code.
const isTestCode = (path: string) =>
  path.startsWith('test/') || /(\.test|-test-helpers|-test-utils)\.tsx?$/.test(path);

type Edge = { from: string; line: number; to: string };

function clientEdges(): Edge[] {
  return sourceFiles(clientDir).flatMap((file) =>
    importsOf(file, readFileSync(file, 'utf8')).map(({ line, target }) => ({
      from: relative(clientDir, file),
      line,
      to: target,
    })),
  );
}

/** Every cycle of the folder graph, each once, as `a -> b -> a` with one of its imports per arrow. */
function folderCycles(edges: Edge[]): string[] {
  const arrows = new Map<string, Map<string, Edge>>();
  for (const edge of edges) {
    const [a, b] = [folderOf(edge.from), folderOf(edge.to)];
    if (a === b) continue;
    const out = arrows.get(a) ?? new Map<string, Edge>();
    if (!out.has(b)) out.set(b, edge);
    arrows.set(a, out);
  }
  const folders = [...arrows.keys()].sort();
  const cycles: string[] = [];
  // Each cycle is found from its smallest folder, so it is reported once.
  folders.forEach((start, rank) => {
    const walk = (at: string, path: string[], via: Edge[]) => {
      for (const [next, edge] of arrows.get(at) ?? []) {
        if (next === start) {
          const how = [...via, edge].map((e) => `${e.from}:${e.line}`).join(', ');
          cycles.push(`${[...path, start].join(' -> ')} (${how})`);
        } else if (folders.indexOf(next) > rank && !path.includes(next)) {
          walk(next, [...path, next], [...via, edge]);
        }
      }
    };
    walk(start, [start], []);
  });
  return cycles;
}

it('has no cycle between client folders', () => {
  const shipped = clientEdges().filter((edge) => !isTestCode(edge.from) && !isTestCode(edge.to));
  expect(shipped.length).toBeGreaterThan(0);
  expect(folderCycles(shipped)).toEqual([]);
});

it('lets a feature import another feature only through its index.ts', () => {
  const violations = clientEdges()
    .filter(({ from, to }) => {
      const [importer, imported] = [featureOf(from), featureOf(to)];
      return importer && imported && importer !== imported && !isFace(to);
    })
    .map(({ from, line, to }) => `${from}:${line} imports ${to}`);
  expect(violations).toEqual([]);
});

it('finds a folder cycle however long, and passes an acyclic graph', () => {
  const edge = (from: string, to: string): Edge => ({ from, line: 1, to });
  expect(
    folderCycles([
      edge('features/backup/a.tsx', 'features/settings/index.ts'),
      edge('features/settings/b.tsx', 'features/billing/index.ts'),
      edge('features/billing/c.tsx', 'features/backup/index.ts'),
      edge('lib/d.ts', 'components/ui/e.tsx'),
      edge('components/ui/e.tsx', 'lib/f.ts'),
      edge('routes/g.tsx', 'features/backup/index.ts'),
    ]),
  ).toEqual([
    'components/ui -> lib -> components/ui (components/ui/e.tsx:1, lib/d.ts:1)',
    'features/backup -> features/settings -> features/billing -> features/backup (features/backup/a.tsx:1, features/settings/b.tsx:1, features/billing/c.tsx:1)',
  ]);
  expect(
    folderCycles([edge('routes/a.tsx', 'features/notes/index.ts'), edge('features/notes/b.ts', 'lib/c.ts')]),
  ).toEqual([]);
});

it('tells a face from a feature internal', () => {
  expect(isFace('features/billing/index.ts')).toBe(true);
  expect(isFace('features/billing/hooks/use-billing.ts')).toBe(false);
  expect(isFace('features/billing/components/index.ts')).toBe(false);
  expect(folderOf('features/billing/hooks/use-billing.ts')).toBe('features/billing');
  expect(folderOf('components/ui/submit-button.tsx')).toBe('components/ui');
  expect(folderOf('lib/toasts.tsx')).toBe('lib');
});
