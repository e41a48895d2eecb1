/**
 * Hostile inputs for the API fuzz suite (fuzz.test.ts, docs/testing.md), generated from the OpenAPI
 * document: for every operation, bodies built from its schema and then broken one field at a time, raw
 * bodies that are not JSON at all, and hostile path and query values.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  example?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  additionalProperties?: boolean | JsonSchema;
}

/** One request body: `json` is sent as JSON, `raw` as is with its own content type. */
export type BodyCase = { json: unknown } | { raw: string; contentType: string };

function nested(depth: number, leaf: unknown = 'x'): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** Strings neither engine can store, or that are awkward everywhere else. */
export const hostileStrings: string[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  'שלום \u202Eevil\u202C مرحبا',
  '😀'.repeat(1000),
  "'; drop table users; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%ff%',
  '\\',
  'NEAR(a b) AND "x" OR *',
  'x'.repeat(70_000),
  '2025-02-30',
  '9999-99-99T99:99:99Z',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
];

/** Values of the wrong kind for any field. */
export const wrongTypes: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  ['a', 1, null],
  {},
  { $ne: null },
  nested(200),
];

/** A plausible value for a schema: its example, default, first enum value or a simple one of its type. */
export function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0) return sample(options[0], depth + 1);
  if (schema.allOf && schema.allOf.length > 0) return sample(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {}))
        value[key] = sample(child, depth + 1);
      return value;
    }
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return 'x';
  }
}

/** Bodies for one operation: not JSON, wrong shapes, then each property broken in every way. */
export function bodyCases(schema: JsonSchema | undefined): BodyCase[] {
  const cases: BodyCase[] = [
    { raw: '{', contentType: 'application/json' },
    { raw: '{"a":1,}', contentType: 'application/json' },
    { raw: '\u0000', contentType: 'application/json' },
    { raw: '"\\ud800"', contentType: 'application/json' },
    { raw: `${'['.repeat(50_000)}${']'.repeat(50_000)}`, contentType: 'application/json' },
    { raw: `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`, contentType: 'application/json' },
    { raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { raw: 'hello', contentType: 'text/plain' },
    { json: null },
    { json: [] },
    { json: 'text' },
    { json: 42 },
    { raw: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`, contentType: 'application/json' },
  ];
  const base = sample(schema);
  if (base === null || typeof base !== 'object' || Array.isArray(base)) return cases;
  const valid = base as Record<string, unknown>;
  cases.push({ json: valid }, { json: { ...valid, extra: 'field', admin: true, userId: 'someone' } });
  const pollute = '"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}';
  cases.push({ raw: `{${pollute},${JSON.stringify(valid).slice(1)}`, contentType: 'application/json' });
  const values = [...wrongTypes, ...hostileStrings];
  const keys = Object.keys(schema?.properties ?? {});
  // Every hostile value reaches every operation, in one of up to three of its properties (taking turns),
  // which keeps the suite fast without leaving a kind of value out of any schema.
  const stride = Math.min(3, keys.length);
  for (const [index, key] of keys.entries()) {
    for (const [j, value] of values.entries()) {
      if ((index + j) % stride === 0) cases.push({ json: { ...valid, [key]: value } });
    }
    const { [key]: _dropped, ...without } = valid;
    cases.push({ json: without });
  }
  return cases;
}

/** Values for one path or query parameter (`valid` is a real id of the signed-in user, when there is one). */
export function parameterValues(valid: string | undefined): string[] {
  const values = [
    ...hostileStrings.filter((value) => value.length < 5_000 && value !== ''),
    '-1',
    '1e999',
    'true',
    'null',
    '[]',
    '{}',
  ];
  return valid ? [valid, ...values] : values;
}

/** encodeURIComponent, except that a lone surrogate becomes the bytes of one (invalid UTF-8), not a throw. */
export function encodeHostile(value: string): string {
  return value
    .split(/(\p{Cs})/u)
    .map((part) => (/^\p{Cs}$/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}
