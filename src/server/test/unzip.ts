import yauzl from 'yauzl';

/** A zip's entries by name, directories with their trailing `/` and no bytes (for tests of the export). */
export async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await yauzl.fromBufferPromise(zip, {
    lazyEntries: true,
    decodeStrings: true,
    validateEntrySizes: true,
  });
  const entries = new Map<string, Buffer>();
  return new Promise((resolve, reject) => {
    file.on('error', reject);
    file.on('end', () => resolve(entries));
    file.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) {
        entries.set(entry.fileName, Buffer.alloc(0));
        file.readEntry();
        return;
      }
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          file.readEntry();
        });
      });
    });
    file.readEntry();
  });
}
