import { attachmentMaxBytes } from '../../../shared/domain/attachments.ts';
import type { Db } from '../../db/database.ts';
import { chunkBytes, completeAttachment, insertAttachment, insertChunk } from './attachments.repo.ts';
import { storedType } from './attachments.service.ts';

/**
 * Stores one file of an import inside the import's transaction `trx` (so a refused or failed import
 * leaves no file behind: the rollback takes the rows and their chunks), a chunk row at a time as it is
 * inflated. The caller checks the per-file limit and the account's room while it counts the bytes.
 * Answers the file's size.
 */
export async function storeImportedAttachment(
  trx: Db,
  userId: string,
  file: { id: string; name: string; type: string; createdAt: string },
  stream: AsyncIterable<Uint8Array>,
): Promise<number> {
  // In the database even when S3_* is set: the import's transaction must take the bytes back with the
  // rows if it is refused; each row says where its bytes are, so such a file is served all the same.
  await insertAttachment(trx, { ...file, type: storedType(file.type), userId, storage: 'database' });
  let size = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async (bytes: number) => {
    const all = Buffer.concat(pending, pendingBytes);
    await insertChunk(trx, file.id, seq, all.subarray(0, bytes));
    seq += 1;
    const rest = all.subarray(bytes);
    pending = rest.length > 0 ? [rest] : [];
    pendingBytes = rest.length;
  };
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > attachmentMaxBytes) throw new Error('an imported file passed the per-file limit');
    pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    pendingBytes += chunk.length;
    while (pendingBytes >= chunkBytes) await flush(chunkBytes);
  }
  if (pendingBytes > 0 || seq === 0) await flush(pendingBytes);
  await completeAttachment(trx, file.id, size);
  return size;
}
