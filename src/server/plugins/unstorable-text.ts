import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages.ts';
import { AppError } from '../app-error.ts';

/**
 * Text neither database can keep is refused before any route sees it (docs/PRODUCT.md §10.1). PostgreSQL's text
 * type cannot hold U+0000 (`invalid byte sequence for encoding "UTF8": 0x00`), SQLite's FTS5 query
 * parser stops at it, and a lone UTF-16 surrogate has no UTF-8 form (the driver would silently store
 * U+FFFD instead). One hook on the root instance covers every route, including ones written later, so
 * no schema has to remember it: the answer is the usual 400 `validation_failed` naming each field.
 *
 * The walk is iterative: a deeply nested JSON body must not overflow the stack (that would be a 500).
 */

/**
 * ES2024's String.prototype.isWellFormed (Node 20+; the TypeScript lib here is ES2023): false when the
 * text holds a lone surrogate. Native, so 1 MiB of emoji takes ~4 ms, against ~50 ms for /\p{Cs}/u.
 */
const isWellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

function problemOf(text: string): string | null {
  if (text.includes('\u0000')) return messages.api.nulCharacter;
  if (!isWellFormed(text)) return messages.api.loneSurrogate;
  return null;
}

/**
 * Every string (values and keys) in `root` that cannot be stored, by path (`items.0.title`), added to
 * `fields`. A path is built only for a container or a problem: this runs on every request, and a GET's
 * few params should cost no garbage (docs/performance.md).
 */
export function unstorableFields(root: unknown, fields: Record<string, string> = {}): Record<string, string> {
  const pending: Array<{ value: object; path: string }> = [];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  const visit = (value: unknown, parent: string, key: string) => {
    if (typeof value === 'string') {
      const problem = problemOf(value);
      if (problem) fields[join(parent, key) || 'request'] ??= problem;
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      pending.push({ value, path: join(parent, key) });
    }
  };
  visit(root, '', '');
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) visit(value[index], path, String(index));
    } else {
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        const keyProblem = problemOf(key);
        // A bad key is named by its parent: the key itself cannot be printed usefully.
        if (keyProblem) fields[path || 'request'] ??= keyProblem;
        else visit((value as Record<string, unknown>)[key], path, key);
      }
    }
  }
  return fields;
}

async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  const fields: Record<string, string> = {};
  unstorableFields(request.params, fields);
  unstorableFields(request.query, fields);
  if (request.body !== undefined) unstorableFields(request.body, fields);
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', 400, messages.api.invalidInput, fields);
  }
}

/** Register on the root instance before the modules: hooks reach only routes registered after them. */
export function registerUnstorableTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', refuseUnstorableText);
}
