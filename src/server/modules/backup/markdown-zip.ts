import { open as openFile } from 'node:fs/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { messages } from '../../../shared/messages.ts';
import { AppError } from '../../app-error.ts';
import { refuseImport } from './backup-validation.ts';

const m = messages.markdownImport;
const MB = 1024 * 1024;

/**
 * What a zip may hold before it is refused as a bomb (read by the server's thread and handed to the
 * import's worker with each job, so a test can lower them). The sizes are counted while inflating (a header's
 * sizes are whatever its maker wrote), the ratio against the compressed bytes yauzl actually reads.
 */
export const zipLimits: ZipLimits = {
  entries: 50_000,
  /** Everything inflated, pages and files together. */
  totalBytes: 2048 * MB,
  /** Inflated over compressed, checked once an entry has inflated past `ratioFloor`. */
  ratio: 200,
  ratioFloor: 1 * MB,
};

export interface ZipLimits {
  entries: number;
  totalBytes: number;
  ratio: number;
  ratioFloor: number;
}

/** Local file header, or the end record of an empty zip: the first bytes of every zip file. */
const zipMagic = [Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('PK\x05\x06', 'latin1')];

/** Whether the file at `path` starts like a zip (its bytes, not its name or declared type). */
export async function looksLikeZip(path: string): Promise<boolean> {
  const handle = await openFile(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && zipMagic.some((magic) => magic.equals(head));
  } finally {
    await handle.close();
  }
}

export interface ZipItem {
  /** The entry's path, `/`-separated, without a trailing slash. */
  path: string;
  directory: boolean;
  /** The entry's own modification time (ISO). */
  modified: string;
  entry: Entry;
}

/** S_IFLNK in the upper half of a Unix-made entry's external attributes. */
const isSymlink = (entry: Entry) => ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;

/** `..`, an absolute path, a drive letter or a backslash: refused, whatever the unzipping tool would do. */
export function unsafeName(name: string): boolean {
  if (name.includes('\\') || name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.includes('\0'))
    return true;
  return name.split('/').some((part) => part === '..' || part === '.');
}

/** yauzl's own name checks, in its words: the same refusal as ours. */
const yauzlNameError = /absolute path|invalid relative path|invalid characters in fileName/;

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(error) : resolve(zip)),
    );
  });
}

export interface OpenedZip {
  items: ZipItem[];
  /** An entry's bytes, inflated and counted against the limits; `maxBytes` refuses with `tooLarge()`. */
  read(item: ZipItem, maxBytes: number, tooLarge: () => Error): AsyncGenerator<Buffer>;
  close(): void;
}

/**
 * Opens a zip and lists its entries, refusing (with nothing read yet) one that is not a zip, has too
 * many entries, an unsafe name, a symlink or an encrypted entry. Entries are read later, one at a time,
 * through `read`, which counts every inflated byte against the bomb limits.
 */
export async function openMarkdownZip(path: string, limits: ZipLimits = zipLimits): Promise<OpenedZip> {
  let zip: ZipFile;
  try {
    zip = await openZip(path);
  } catch {
    throw refuseImport(m.notZip);
  }
  try {
    if (zip.entryCount > limits.entries) throw refuseImport(m.tooManyEntries(limits.entries));
    const items = await listEntries(zip);
    return { items, read: reader(zip, limits), close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

function listEntries(zip: ZipFile): Promise<ZipItem[]> {
  return new Promise((resolve, reject) => {
    const items: ZipItem[] = [];
    zip.on('entry', (entry: Entry) => {
      const name = entry.fileName;
      if (unsafeName(name)) return reject(refuseImport(m.unsafeName(name)));
      if (isSymlink(entry)) return reject(refuseImport(m.symlink(name)));
      if (entry.isEncrypted()) return reject(refuseImport(m.encrypted(name)));
      const directory = name.endsWith('/');
      const path = directory ? name.slice(0, -1) : name;
      if (path !== '') items.push({ path, directory, modified: entry.getLastModDate().toISOString(), entry });
      zip.readEntry();
    });
    zip.on('end', () => resolve(items));
    zip.on('error', (error: Error) =>
      reject(yauzlNameError.test(error.message) ? refuseImport(m.unsafeName('')) : refuseImport(m.notZip)),
    );
    zip.readEntry();
  });
}

function openStream(zip: ZipFile, entry: Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(error) : resolve(stream)));
  });
}

function reader(zip: ZipFile, limits: ZipLimits): OpenedZip['read'] {
  let total = 0;
  return async function* read(item, maxBytes, tooLarge) {
    let stream: NodeJS.ReadableStream;
    try {
      stream = await openStream(zip, item.entry);
    } catch {
      throw refuseImport(m.notZip);
    }
    const compressed = Math.max(1, item.entry.compressedSize);
    let size = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        total += chunk.length;
        if (total > limits.totalBytes || (size > limits.ratioFloor && size > compressed * limits.ratio)) {
          throw refuseImport(m.tooBig);
        }
        if (size > maxBytes) throw tooLarge();
        yield chunk;
      }
    } catch (error) {
      // yauzl's own checks while inflating: more bytes than the header said is a lying bomb.
      if (error instanceof AppError) throw error;
      throw refuseImport(
        error instanceof Error && /too many bytes/.test(error.message) ? m.tooBig : m.notZip,
      );
    } finally {
      (stream as unknown as { destroy?: () => void }).destroy?.();
    }
  };
}
