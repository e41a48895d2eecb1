import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exportedNames, standInModule } from '../../scripts/vite-zod-without-json-schema.ts';

// The client build replaces zod's JSON Schema modules with stand-ins (scripts/vite-zod-without-json-schema.ts).
// A stand-in missing one of the real module's exports would break the bundle, or worse, leave a name
// undefined at run time; these tests read the installed zod, so an upgrade that adds an export fails here.
const zodCore = join(dirname(createRequire(import.meta.url).resolve('zod/package.json')), 'v4', 'core');

describe.each(['to-json-schema.js', 'json-schema-processors.js'])(
  'the stand-in for zod/v4/core/%s',
  (file) => {
    const path = join(zodCore, file);
    const source = readFileSync(path, 'utf8');

    it('exports every name the real module exports', async () => {
      const real = await import(pathToFileURL(path).href);
      expect(exportedNames(source).sort()).toEqual(Object.keys(real).sort());
    });

    it('hands out functions that throw when called, never a wrong answer', async () => {
      const url = `data:text/javascript;base64,${Buffer.from(standInModule(source)).toString('base64')}`;
      const standIn: Record<string, () => () => unknown> = await import(url);
      const names = Object.keys(standIn);
      expect(names.length).toBeGreaterThan(1);
      for (const name of names) expect(() => standIn[name]?.()()).toThrow(/not part of the client build/);
    });
  },
);
