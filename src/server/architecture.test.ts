import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's boundaries (docs/ARCHITECTURE.md, Boundaries), checked on the source so they cannot erode quietly:
 * no import cycles between folders, every module has an index.ts and is used only through it (by app.ts
 * too), server-wide helpers live in lib/ rather than in a module, and no
 * module-level registry hides who listens to what (the app's wiring is `deps.context`, listed in app.ts).
 * Test files and test helpers are left out: they may reach into what they test.
 */

const serverRoot = resolve(import.meta.dirname);

/** Tests and the helpers they share (`<x>-test-helpers.ts`, which build on one another across modules). */
const isTestCode = (path: string) => path.endsWith('.test.ts') || path.endsWith('-test-helpers.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return path.endsWith('.ts') && !isTestCode(path) ? [path] : [];
  });
}

/** Relative imports of a file, resolved to absolute paths (type-only imports count: they couple too). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s+'(\.[^']+)'/g)].map((match) => match[1] as string);
  return specifiers.map((specifier) => resolve(dirname(file), specifier));
}

/** The unit a file belongs to: modules/<name> for modules, else its top folder (or the root file). */
function unitOf(file: string): string {
  const parts = relative(serverRoot, file).split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? (parts[0] as string) : (parts[0] as string).replace(/\.ts$/, '');
}

const files = sourceFiles(serverRoot);
const modulesRoot = join(serverRoot, 'modules');
const moduleFolders = readdirSync(modulesRoot).filter((name) =>
  statSync(join(modulesRoot, name)).isDirectory(),
);
/** A module's public surface: the index.ts at its root (not one of a subfolder's). */
const isModuleIndex = (file: string) => file === join(serverRoot, unitOf(file), 'index.ts');
const describeEdge = ({ file, target }: { file: string; target: string }) =>
  `${relative(serverRoot, file)} → ${relative(serverRoot, target)}`;
const edges = files.flatMap((file) =>
  importsOf(file)
    .filter((target) => target.startsWith(serverRoot))
    .map((target) => ({ file, target })),
);

/** Strongly connected components of more than one unit (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, indexOf.get(next) as number));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

function graphOf(key: (file: string) => string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { file, target } of edges) {
    const from = key(file);
    const to = key(target);
    if (from === to) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)?.add(to);
  }
  return graph;
}

/**
 * Module-level maps that legitimately outlive one app, each keyed by something other than the app's deps
 * (a WeakMap there lets the entry go with its key) or holding process-wide facts, with why. Anything
 * else (a table keyed by AppDeps, a `const registry = new Map()` filled by `registerX`) belongs in
 * `deps.context` (deps.ts), where app.ts lists it.
 */
const allowedModuleMaps: Record<string, string> = {
  'db/prepared-statements.ts': 'statement names by SQL text; wrappers by pg client; pools by Kysely dialect',
  'db/write-pause.ts': 'one pause per SQLite connection, keyed by the DatabaseHandle the import worker holds',
  'modules/blog/blog.repo.ts': 'a compiled query per Kysely instance (its dialect)',
  'modules/backup/backup.routes.ts': "a request's upload stream, keyed by the request",
  'modules/calendar-sync/providers/caldav-dispatcher.ts': 'HTTP agents per allowed-hosts list (config)',
  'cluster/drain.ts': 'the drain of a Fastify instance, keyed by it (main.ts reaches it through the app)',
};

/** Files with a top-level `const x = new WeakMap/Map(...)` (constant Sets are lookup tables, not state). */
function filesWithModuleMaps(): string[] {
  const moduleMap = /^(?:export\s+)?(?:const|let)\s+\w+(?:\s*:[^=]+)?\s*=\s*new\s+(?:WeakMap|Map)\b/m;
  return files
    .filter((file) => moduleMap.test(readFileSync(file, 'utf8')))
    .map((file) => relative(serverRoot, file));
}

describe('server architecture', () => {
  it('keeps hooks, entitlement sources, jobs, caches and counters in deps.context, not in module-level tables', () => {
    const found = filesWithModuleMaps();
    expect(found).toContain('db/write-pause.ts'); // the scan sees a real one
    expect(found.filter((file) => !(file in allowedModuleMaps))).toEqual([]);
    // No table keyed by the app's deps anywhere (also inside functions): per-app state is made with the
    // app (createAppContext in app.ts) and held in deps.context.
    const keyedByDeps = files
      .filter((file) => /WeakMap<\s*AppDeps\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(serverRoot, file));
    expect(keyedByDeps).toEqual([]);
  });

  it('allow-lists only module-level maps that still exist', () => {
    const found = new Set(filesWithModuleMaps());
    expect(Object.keys(allowedModuleMaps).filter((file) => !found.has(file))).toEqual([]);
  });

  it('reads a real import graph', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(edges.length).toBeGreaterThan(100);
  });

  it('has no import cycles between folders or modules', () => {
    expect(cycles(graphOf(unitOf))).toEqual([]);
  });

  it('has no import cycles between files', () => {
    expect(cycles(graphOf((file) => relative(serverRoot, file)))).toEqual([]);
  });

  it('gives every module an index.ts, its public surface', () => {
    expect(moduleFolders).toContain('auth'); // the scan sees the real folders
    expect(moduleFolders.filter((name) => !existsSync(join(modulesRoot, name, 'index.ts')))).toEqual([]);
  });

  it('keeps server-wide helpers in lib/, not in a module (shared means src/shared, client and server)', () => {
    expect(moduleFolders).not.toContain('shared');
  });

  it('lets app.ts reach every module through its index.ts only', () => {
    const appToModules = edges.filter(
      ({ file, target }) => file === join(serverRoot, 'app.ts') && unitOf(target).startsWith('modules/'),
    );
    expect(appToModules.length).toBeGreaterThan(5);
    expect(appToModules.filter(({ target }) => !isModuleIndex(target)).map(describeEdge)).toEqual([]);
  });

  it('uses a module from outside only through its index.ts', () => {
    const sideDoors = edges
      .filter(({ file, target }) => unitOf(target).startsWith('modules/') && unitOf(file) !== unitOf(target))
      .filter(({ target }) => !isModuleIndex(target))
      .map(describeEdge);
    expect(sideDoors).toEqual([]);
  });

  it('resolves every relative import to a file (the checks above see the real graph)', () => {
    const missing = edges.filter(({ target }) => !existsSync(target)).map(({ target }) => target);
    expect(missing).toEqual([]);
  });
});
