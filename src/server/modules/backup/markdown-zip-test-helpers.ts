import yazl from 'yazl';

export interface ZipEntry {
  name: string;
  /** Text or bytes; none for a directory entry (its name ends with `/`). */
  data?: string | Buffer;
  mtime?: Date;
  /** Unix mode (a symlink is 0o120777). */
  mode?: number;
  compress?: boolean;
}

/** A zip built with yazl, in the entries' order. */
export function buildZip(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    const options = { mtime: entry.mtime ?? new Date('2026-01-02T03:04:05Z'), mode: entry.mode };
    if (entry.data === undefined) zip.addEmptyDirectory(entry.name.replace(/\/$/, ''), options);
    else {
      const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : entry.data;
      zip.addBuffer(data, entry.name, { ...options, compress: entry.compress ?? true });
    }
  }
  zip.end();
  const parts: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => parts.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    zip.outputStream.on('error', reject);
  });
}

/** Replaces every occurrence of an entry's name (local header and central directory) by one as long. */
export function renameInZip(zip: Buffer, from: string, to: string): Buffer {
  if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error('names must be as long');
  const out = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let at = out.indexOf(needle); at !== -1; at = out.indexOf(needle, at + 1))
    Buffer.from(to).copy(out, at);
  return out;
}

/** Sets the "encrypted" flag (bit 0 of the general purpose flags) in every header. */
export function markEncrypted(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  const flag = (signature: string, offset: number) => {
    const needle = Buffer.from(signature, 'latin1');
    for (let at = out.indexOf(needle); at !== -1; at = out.indexOf(needle, at + 1)) {
      out.writeUInt16LE(out.readUInt16LE(at + offset) | 1, at + offset);
    }
  };
  flag('PK\x03\x04', 6);
  flag('PK\x01\x02', 8);
  return out;
}

/** Writes a smaller uncompressed size than the truth into every central directory header (a lying bomb). */
export function understateSizes(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  const needle = Buffer.from('PK\x01\x02', 'latin1');
  for (let at = out.indexOf(needle); at !== -1; at = out.indexOf(needle, at + 1))
    out.writeUInt32LE(10, at + 24);
  return out;
}
