import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { unzip } from '../../test/unzip.ts';
import { type ZipEntry, zipStream } from './zip-writer.ts';

const mtime = new Date('2024-05-06T07:08:10Z');

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function* listed(entries: ZipEntry[]): AsyncGenerator<ZipEntry> {
  yield* entries;
}

describe('zipStream', () => {
  it('writes folders, text (deflated by one shared compressor) and streamed files that unzip byte for byte', async () => {
    const pages = Array.from(
      { length: 50 },
      (_, i) => `# Page ${i}\n\n${'some words again '.repeat(i * 20)}`,
    );
    const photo = randomBytes(300_000);
    const csv = Buffer.from('a,b,c\n'.repeat(40_000));
    const entries: ZipEntry[] = [
      { kind: 'directory', path: 'Book/', mtime },
      ...pages.map(
        (text, i): ZipEntry => ({
          kind: 'bytes',
          path: `Book/Page ${i}.md`,
          mtime,
          bytes: Buffer.from(text),
          compress: true,
        }),
      ),
      { kind: 'bytes', path: 'Book/noise.md', mtime, bytes: randomBytes(5000), compress: true },
      { kind: 'bytes', path: 'Book/empty.md', mtime, bytes: Buffer.alloc(0), compress: true },
      {
        kind: 'stream',
        path: 'Book/files/photo.jpg',
        mtime,
        compress: false,
        open: () => Readable.from([photo.subarray(0, 100_000), photo.subarray(100_000)]),
      },
      { kind: 'stream', path: 'Book/files/data.csv', mtime, compress: true, open: async () => [csv] },
      { kind: 'stream', path: 'Book/files/nothing.bin', mtime, compress: false, open: () => [] },
    ];
    const zip = await collect(zipStream(listed(entries)));
    const files = await unzip(zip);
    expect([...files.keys()]).toEqual(entries.map((entry) => entry.path));
    expect(pages.map((_, i) => files.get(`Book/Page ${i}.md`)?.toString())).toEqual(pages);
    expect(files.get('Book/files/photo.jpg')?.equals(photo)).toBe(true);
    expect(files.get('Book/files/data.csv')?.equals(csv)).toBe(true);
    expect(files.get('Book/empty.md')?.length).toBe(0);
    expect(files.get('Book/files/nothing.bin')?.length).toBe(0);
    // Deflated: the pages and the CSV are far smaller in the zip than as they are.
    const plain = pages.reduce((sum, text) => sum + text.length, 0) + csv.length + photo.length;
    expect(zip.length).toBeLessThan(plain / 2);
  });

  it('switches to ZIP64 end records past 65,534 entries', async () => {
    async function* many(): AsyncGenerator<ZipEntry> {
      for (let i = 0; i < 70_000; i++) yield { kind: 'directory', path: `d${i}/`, mtime };
      yield { kind: 'bytes', path: 'last.md', mtime, bytes: Buffer.from('the end'), compress: true };
    }
    const zip = await collect(zipStream(many()));
    expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    const files = await unzip(zip);
    expect(files.size).toBe(70_001);
    expect(files.get('last.md')?.toString()).toBe('the end');
  });

  it("fails the zip with a streamed entry's error", async () => {
    const broken: ZipEntry = {
      kind: 'stream',
      path: 'broken.bin',
      mtime,
      compress: true,
      open: () =>
        (async function* () {
          yield Buffer.from('some bytes');
          throw new Error('chunk read failed');
        })(),
    };
    await expect(collect(zipStream(listed([broken])))).rejects.toThrow('chunk read failed');
  });

  it('stops reading, and closes the entry being read, when the reader goes away', async () => {
    let closed = false;
    let taken = 0;
    const endless: ZipEntry = {
      kind: 'stream',
      path: 'endless.bin',
      mtime,
      compress: false,
      open: () =>
        (async function* () {
          try {
            for (;;) {
              taken += 1;
              yield Buffer.alloc(128 * 1024);
            }
          } finally {
            closed = true;
          }
        })(),
    };
    const stream = zipStream(listed([endless]));
    for await (const _chunk of stream) break;
    await new Promise<void>((resolve) => (stream.destroyed ? resolve() : stream.once('close', resolve)));
    expect(closed).toBe(true);
    expect(taken).toBeLessThan(10);
  });
});
