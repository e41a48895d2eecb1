import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Zod's classic schemas carry their JSON Schema generator with them (`schema.toJSONSchema()` and the
 * Standard Schema `jsonSchema` methods are attached to every instance), so every browser bundle that
 * parses with zod also ships it: about 6 KB gzip of the workspace's JavaScript (docs/performance.md). Only the
 * server turns schemas into JSON Schema (the OpenAPI document, fastify-type-provider-zod); the client
 * never does. In the client build, the two modules that hold that code are replaced by stand-ins with
 * the same export names: each is a function returning a function that throws if it is ever called, so a
 * future client-side call fails loudly instead of answering wrongly. The server, Vitest and `vite dev`
 * (which do not run this plugin's `apply: 'build'`) keep the real modules.
 */
const replaced = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;

/** The names a module exports: `export function a`, `export const b`, `export { c as d }`. */
export function exportedNames(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(
    /^export (?:async )?(?:function\*?|const|let|class) ([A-Za-z_$][\w$]*)/gm,
  )) {
    if (match[1]) names.add(match[1]);
  }
  for (const match of source.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return [...names];
}

export function standInModule(source: string): string {
  const lines = [
    'const unavailable = () => {',
    "  throw new Error('JSON Schema generation is not part of the client build (scripts/vite-zod-without-json-schema.ts)');",
    '};',
  ];
  for (const name of exportedNames(source)) lines.push(`export function ${name}() { return unavailable; }`);
  return lines.join('\n');
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'jotlist:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0] ?? id;
      if (!replaced.test(file)) return null;
      return standInModule(readFileSync(file, 'utf8'));
    },
  };
}
