import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NotJsonError, type ScanResult, scanBackupJson } from './backup-json-scanner.ts';
import { limitedUpload } from './backup-upload.ts';

interface Scanned {
  arrays: Map<string, unknown[]>;
  ends: string[];
  result: ScanResult;
}

/** Scans `text` cut into chunks of `size` bytes, collecting what the scanner hands over. */
async function scan(text: string, size = 65_536): Promise<Scanned> {
  const bytes = Buffer.from(text, 'utf8');
  const chunks = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
  const arrays = new Map<string, unknown[]>();
  const ends: string[] = [];
  const result = await scanBackupJson(chunks, {
    row(array, index, value) {
      const rows = arrays.get(array) ?? [];
      arrays.set(array, rows);
      expect(index).toBe(rows.length);
      rows.push(value);
      return undefined;
    },
    arrayEnd(array) {
      ends.push(array);
      return undefined;
    },
  });
  return { arrays, ends, result };
}

const tricky = {
  version: '1.0.0',
  exportedAt: 'x',
  'odd "key" [': [{ a: 1 }],
  notebooks: [
    { id: 'a', title: 'quote " bracket ] brace } comma , colon :' },
    { id: 'b', title: 'back\\slash\\', more: [1, [2, { c: '\\"' }]] },
    { id: 'c', title: 'é ü 日本 😀 \u2028' },
    7,
    'text',
    null,
    [],
  ],
  nested: { notes: [{ not: 'a row' }] },
  notes: [],
};

describe('the backup JSON scanner', () => {
  it('hands over every row of every top-level array as JSON.parse reads it, whatever the chunk size', async () => {
    const text = JSON.stringify(tricky, null, 1);
    for (const size of [1, 2, 3, 7, 64, 65_536]) {
      const { arrays, ends, result } = await scan(text, size);
      expect(Object.fromEntries(arrays)).toEqual({
        'odd "key" [': tricky['odd "key" ['],
        notebooks: tricky.notebooks,
      });
      expect(ends).toEqual(['odd "key" [', 'notebooks', 'notes']);
      // The skeleton keeps everything else, each row standing as 0.
      expect(result.root).toEqual({
        ...tricky,
        'odd "key" [': [0],
        notebooks: tricky.notebooks.map(() => 0),
      });
    }
  });

  it('reads any JSON document the way JSON.parse does (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string(), fc.array(fc.jsonValue())),
        fc.integer({ min: 1, max: 40 }),
        async (doc, size) => {
          const { arrays, result } = await scan(JSON.stringify(doc), size);
          const zeros = Object.fromEntries(
            Object.entries(doc).map(([key, rows]) => [key, rows.map(() => 0)]),
          );
          expect(result.root).toEqual(zeros);
          for (const [key, rows] of Object.entries(doc))
            expect(arrays.get(key) ?? []).toEqual(JSON.parse(JSON.stringify(rows)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it.each([
    ['truncated', '{"notebooks":[{"id":"a"}'],
    ['a truncated string', '{"notebooks":[{"id":"a'],
    ['a bad row', '{"notebooks":[{"id":"a",}]}'],
    ['a missing comma', '{"notebooks":[{"id":"a"} {"id":"b"}]}'],
    ['a trailing comma', '{"notebooks":[{"id":"a"},]}'],
    ['mismatched brackets', '{"notebooks":[{"id":"a"}}}'],
    ['text after the document', '{"notebooks":[]} x'],
    ['two documents', '{} {}'],
    ['a bad key', '{notebooks:[]}'],
    ['nothing', ''],
    ['a bad row of a root array', '[{"a":1},{"a":]'],
  ])('refuses %s as not JSON', async (_what, text) => {
    for (const size of [1, 5, 65_536]) await expect(scan(text, size)).rejects.toBeInstanceOf(NotJsonError);
  });

  it('reports an array named twice (JSON.parse would keep only the last)', async () => {
    const { result } = await scan('{"notes":[{"a":1}],"version":1,"notes":[]}');
    expect([...result.repeatedArrays]).toEqual(['notes']);
  });

  it('answers a document that is not an object with its skeleton, reading no rows', async () => {
    const { arrays, result } = await scan('[{"a":1},[2]]');
    expect(arrays.size).toBe(0);
    expect(result.root).toEqual([0, 0]);
  });
});

describe('the import upload', () => {
  it('is refused with 413 past 50 MB, even when no length was declared', async () => {
    const mb = Buffer.alloc(1024 * 1024, 0x20);
    async function* upload() {
      for (let i = 0; i < 51; i++) yield mb;
    }
    let read = 0;
    const reading = (async () => {
      for await (const chunk of limitedUpload(upload())) read += chunk.length;
    })();
    await expect(reading).rejects.toMatchObject({ statusCode: 413 });
    expect(read).toBe(50 * 1024 * 1024);
  });
});
