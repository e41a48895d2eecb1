import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

/**
 * A zip written as it is read (the Markdown export, docs/backup.md). Not yazl, which the export used
 * first: its CRC-32 is JavaScript (a tenth of node's native `zlib.crc32`), it looks for the next entry
 * to write from the start of its list each time (quadratic: 4 of the 500 MB export's 24 CPU seconds at
 * 11,000 entries), and it runs every entry, a 2 KB page too, through a chain of five streams and a zlib
 * stream of its own. Here an entry is one step of an async generator: the zip asks for the next entry
 * only when the reader has taken the last one's bytes, so nothing waits in memory but the entry being
 * written and the central directory (~100 bytes an entry).
 *
 * The format is yazl's: UTF-8 names (flag bit 11), sizes after the data (bit 3, with the descriptor's
 * signature) only for streamed entries, ZIP64 end records when the entries or offsets outgrow 16/32 bits.
 * A streamed entry must stay under 4 GiB (files are at most 25 MB); it fails the zip otherwise.
 */
export type ZipEntry =
  | { kind: 'directory'; path: string; mtime: Date }
  /** Bytes in memory (a page's text): compressed before the header, so the sizes go in it. */
  | { kind: 'bytes'; path: string; mtime: Date; bytes: Buffer; compress: boolean }
  /** Bytes read only when the zip gets to the entry (a file's chunks, a list's tasks). */
  | {
      kind: 'stream';
      path: string;
      mtime: Date;
      compress: boolean;
      open: () => Promise<ByteSource> | ByteSource;
    };

type ByteSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

const utf8Flag = 0x0800;
const sizesAfterFlag = 0x0008;
const stored = 0;
const deflated = 8;
const max16 = 0xffff;
const max32 = 0xffffffff;
const fileMode = 0o100664;
const directoryMode = 0o40775;
/** Pieces under this (headers, descriptors, pages) are gathered into one chunk: one socket write, not many. */
const gatherBytes = 64 * 1024;
/**
 * Bytes written between two turns of the event loop. Every step here can complete without one (SQLite
 * answers synchronously, the socket takes a write at once), so without this pause an export held the
 * loop for its whole minute: no other request was answered, no timer ran, and the buffers of the file
 * chunks already sent were not given back (V8 frees them from a task on the loop), ~240 MB at the peak.
 */
const turnBytes = 1024 * 1024;

interface Written {
  name: Buffer;
  flags: number;
  method: number;
  time: number;
  date: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
  mode: number;
}

/** A zip of `entries`, each taken from the iterable only when the previous one is written. */
export function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
  return Readable.from(zipChunks(entries), { objectMode: false });
}

async function* zipChunks(entries: AsyncIterable<ZipEntry>): AsyncGenerator<Buffer> {
  const pages = pageCompressor();
  try {
    yield* zipEntries(entries, pages);
  } finally {
    pages.close();
  }
}

async function* zipEntries(
  entries: AsyncIterable<ZipEntry>,
  pages: ReturnType<typeof pageCompressor>,
): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  let lastTurn = 0;
  const turn = async () => {
    if (offset - lastTurn < turnBytes) return;
    lastTurn = offset;
    await nextTurn();
  };
  let gathered: Buffer[] = [];
  let gatheredBytes = 0;
  const gather = (piece: Buffer) => {
    gathered.push(piece);
    gatheredBytes += piece.length;
    offset += piece.length;
  };
  const take = () => {
    const chunk = gathered.length === 1 ? (gathered[0] as Buffer) : Buffer.concat(gathered, gatheredBytes);
    gathered = [];
    gatheredBytes = 0;
    return chunk;
  };

  for await (const entry of entries) {
    const name = Buffer.from(entry.path, 'utf8');
    const { time, date } = dosDateTime(entry.mtime);
    const head = { name, time, date, offset, mode: fileMode };
    if (entry.kind === 'directory') {
      const record = { ...head, flags: utf8Flag, method: stored, crc: 0, compressedSize: 0, size: 0 };
      record.mode = directoryMode;
      gather(localHeader(record));
      written.push(record);
    } else if (entry.kind === 'bytes') {
      const crc = crc32(entry.bytes);
      const packed = entry.compress ? await pages.compress(entry.bytes) : null;
      // Incompressible text (rare) is stored: never larger than it was.
      const data = packed && packed.length < entry.bytes.length ? packed : entry.bytes;
      const record = {
        ...head,
        flags: utf8Flag,
        method: data === entry.bytes ? stored : deflated,
        crc,
        compressedSize: data.length,
        size: entry.bytes.length,
      };
      gather(localHeader(record));
      gather(data);
      written.push(record);
    } else {
      const record = {
        ...head,
        flags: utf8Flag | sizesAfterFlag,
        method: entry.compress ? deflated : stored,
        crc: 0,
        compressedSize: 0,
        size: 0,
      };
      gather(localHeader(record));
      const source = await entry.open();
      const counted = async function* () {
        for await (const piece of source) {
          record.crc = crc32(piece, record.crc);
          record.size += piece.length;
          yield piece;
        }
      };
      for await (const piece of entry.compress ? deflatedStream(counted()) : counted()) {
        const bytes = Buffer.isBuffer(piece)
          ? piece
          : Buffer.from(piece.buffer, piece.byteOffset, piece.length);
        record.compressedSize += bytes.length;
        if (bytes.length < gatherBytes) {
          gather(bytes);
          if (gatheredBytes >= gatherBytes) yield take();
        } else {
          // A whole chunk of a file goes out as it is: no copy.
          if (gatheredBytes > 0) yield take();
          offset += bytes.length;
          yield bytes;
        }
        await turn();
      }
      if (record.size >= max32 || record.compressedSize >= max32) {
        throw new Error(`${entry.path} is 4 GiB or more, too large for a streamed zip entry`);
      }
      gather(dataDescriptor(record));
      written.push(record);
    }
    if (gatheredBytes >= gatherBytes) yield take();
    await turn();
  }

  const directoryStart = offset;
  for (const record of written) {
    gather(centralHeader(record));
    if (gatheredBytes >= gatherBytes) yield take();
  }
  gather(endRecords(written.length, directoryStart, offset - directoryStart, offset));
  yield take();
}

/**
 * Deflates each entry's bytes as a complete raw deflate stream of its own, with one compressor for the
 * whole zip. A compressor per page (as yazl's stream, or a `deflateRawSync` call, makes) costs ~0.2 ms
 * to set up and tear down and churns ~300 KB of native memory each: over 10,000 pages the server's RSS
 * climbed to 470 MB, and to ~300 MB with the pages stored. Here a full flush ends each page's bytes
 * (byte-aligned, the history forgotten, so they inflate alone), and the two bytes of an empty final
 * block close its stream: what a compressor made for that page alone would hold, bar block boundaries.
 */
function pageCompressor() {
  const deflate = createDeflateRaw();
  let pieces: Buffer[] = [];
  let failed: Error | null = null;
  deflate.on('data', (piece: Buffer) => pieces.push(piece));
  deflate.on('error', (error: Error) => {
    failed = error;
  });
  return {
    async compress(bytes: Buffer): Promise<Buffer> {
      deflate.write(bytes);
      await new Promise<void>((resolve) => deflate.flush(constants.Z_FULL_FLUSH, () => resolve()));
      if (failed) throw failed;
      pieces.push(emptyFinalBlock);
      const out = Buffer.concat(pieces);
      pieces = [];
      return out;
    },
    close: () => deflate.close(),
  };
}

/** A fixed-Huffman block with BFINAL set and nothing but the end-of-block code: 10 bits. */
const emptyFinalBlock = Buffer.from([0x03, 0x00]);

/** A stream of bytes through one deflate stream; a failure on either side fails the iteration. */
async function* deflatedStream(source: ByteSource): AsyncGenerator<Buffer> {
  const deflate = createDeflateRaw();
  const feeding = pipeline(Readable.from(source, { objectMode: false }), deflate);
  // Heard here too, so a failed feed is never an unhandled rejection; the iteration below throws it.
  feeding.catch(() => {});
  yield* deflate;
  await feeding;
}

/** MS-DOS date and time, local as unzip tools read them; the format starts in 1980. */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.min(2107, Math.max(1980, at.getFullYear()));
  const date = ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
  const time = (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2);
  return { time, date };
}

function localHeader(record: Written): Buffer {
  const sizesLater = (record.flags & sizesAfterFlag) !== 0;
  const header = Buffer.alloc(30 + record.name.length);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(record.flags, 6);
  header.writeUInt16LE(record.method, 8);
  header.writeUInt16LE(record.time, 10);
  header.writeUInt16LE(record.date, 12);
  header.writeUInt32LE(sizesLater ? 0 : record.crc, 14);
  header.writeUInt32LE(sizesLater ? 0 : record.compressedSize, 18);
  header.writeUInt32LE(sizesLater ? 0 : record.size, 22);
  header.writeUInt16LE(record.name.length, 26);
  header.writeUInt16LE(0, 28);
  record.name.copy(header, 30);
  return header;
}

function dataDescriptor(record: Written): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(record.crc, 4);
  descriptor.writeUInt32LE(record.compressedSize, 8);
  descriptor.writeUInt32LE(record.size, 12);
  return descriptor;
}

/** The central directory's record; past 4 GiB into the zip, its offset moves to a ZIP64 extra field. */
function centralHeader(record: Written): Buffer {
  const zip64 = record.offset >= max32;
  const extra = zip64 ? 28 : 0;
  const header = Buffer.alloc(46 + record.name.length + extra);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(0x033f, 4); // made by: UNIX, spec 6.3 (the mode below is a UNIX one)
  header.writeUInt16LE(zip64 ? 45 : 20, 6);
  header.writeUInt16LE(record.flags, 8);
  header.writeUInt16LE(record.method, 10);
  header.writeUInt16LE(record.time, 12);
  header.writeUInt16LE(record.date, 14);
  header.writeUInt32LE(record.crc, 16);
  header.writeUInt32LE(zip64 ? max32 : record.compressedSize, 20);
  header.writeUInt32LE(zip64 ? max32 : record.size, 24);
  header.writeUInt16LE(record.name.length, 28);
  header.writeUInt16LE(extra, 30);
  header.writeUInt16LE(0, 32); // comment
  header.writeUInt16LE(0, 34); // disk
  header.writeUInt16LE(0, 36); // internal attributes
  header.writeUInt32LE((record.mode << 16) >>> 0, 38);
  header.writeUInt32LE(zip64 ? max32 : record.offset, 42);
  record.name.copy(header, 46);
  if (zip64) {
    const at = 46 + record.name.length;
    header.writeUInt16LE(0x0001, at);
    header.writeUInt16LE(24, at + 2);
    header.writeBigUInt64LE(BigInt(record.size), at + 4);
    header.writeBigUInt64LE(BigInt(record.compressedSize), at + 12);
    header.writeBigUInt64LE(BigInt(record.offset), at + 20);
  }
  return header;
}

/** The end of central directory record, preceded by the ZIP64 ones when a count or offset needs them. */
function endRecords(count: number, start: number, size: number, zip64At: number): Buffer {
  const zip64 = count >= max16 || start >= max32 || size >= max32;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? max16 : count, 8);
  end.writeUInt16LE(zip64 ? max16 : count, 10);
  end.writeUInt32LE(zip64 ? max32 : size, 12);
  end.writeUInt32LE(zip64 ? max32 : start, 16);
  if (!zip64) return end;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(0x033f, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(size), 40);
  record.writeBigUInt64LE(BigInt(start), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(zip64At), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, end]);
}
