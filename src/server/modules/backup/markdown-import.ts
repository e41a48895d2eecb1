import { posix } from 'node:path';
import { attachmentMaxBytes } from '../../../shared/domain/attachments.ts';
import { backupArrays } from '../../../shared/domain/backup-format.ts';
import { messages } from '../../../shared/messages.ts';
import { contentMaxBytes } from '../../../shared/schemas/note.ts';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import { storeImportedAttachment } from '../attachments/index.ts';
import { createRowWriter, deleteAccountData, existingLabelKeys, rowsPerInsert } from './backup.repo.ts';
import { type ImportJob, planOptions, positionsAfterExisting } from './backup-import-run.ts';
import { createImportPlanner, type ImportOutcome } from './backup-plan.ts';
import { refuseImport } from './backup-validation.ts';
import { buildVault, type VaultFile, type VaultRows } from './markdown-vault.ts';
import { type OpenedZip, openMarkdownZip, type ZipItem, type ZipLimits } from './markdown-zip.ts';

const m = messages.markdownImport;

export interface MarkdownJob extends ImportJob {
  /** The uploaded file's name (pages at the zip's root go to a notebook named after it). */
  zipName?: string;
  /** Bytes the account may still store (its quota less what it stores). */
  roomBytes: number;
  /** The zip's limits (markdown-zip.ts). */
  limits?: ZipLimits;
}

const overQuota = () => new AppError('payload_too_large', 413, messages.attachments.quotaExceeded);
/** Front matter comes on top of the page's own text, which may be 1 MB. */
const pageReadMax = contentMaxBytes + 64 * 1024;
const utf8 = new TextDecoder('utf-8', { fatal: true });

async function readText(zip: OpenedZip, item: ZipItem): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of zip.read(item, pageReadMax, () => refuseImport(m.pageTooLarge(item.path)))) {
    parts.push(chunk);
  }
  try {
    return utf8.decode(Buffer.concat(parts)).replace(/^\uFEFF/, '');
  } catch {
    throw refuseImport(m.notUtf8(item.path));
  }
}

/** The zip read and turned into rows (the pages' text in memory, the files still in the zip). */
async function readVault(zip: OpenedZip, job: MarkdownJob) {
  const pages: Array<{ path: string; text: string; modified: string }> = [];
  const files: Array<{ path: string }> = [];
  const directories: string[] = [];
  for (const item of zip.items) {
    if (item.directory) directories.push(item.path);
    else if (posix.extname(item.path).toLowerCase() === '.md') {
      if (!item.path.split('/').some((part) => part.startsWith('.') || part === '__MACOSX')) {
        pages.push({ path: item.path, text: await readText(zip, item), modified: item.modified });
      }
    } else files.push({ path: item.path });
  }
  const { newId } = planOptions(job);
  return buildVault({ pages, files, directories, zipName: job.zipName, newId });
}

/**
 * Reads every linked file, counting its bytes against the per-file limit and the account's room, and
 * stores it (`store`, inside the import's transaction) or, in a preview, only counts it.
 */
async function readFiles(
  zip: OpenedZip,
  files: VaultFile[],
  room: number,
  store?: (file: VaultFile, stream: AsyncIterable<Uint8Array>) => Promise<number>,
): Promise<void> {
  const byPath = new Map(zip.items.map((item) => [item.path, item]));
  let used = 0;
  for (const file of files) {
    const item = byPath.get(file.path);
    if (!item) continue;
    const stream = counted(zip.read(item, attachmentMaxBytes, () => refuseImport(m.fileTooLarge(file.path))));
    if (store) await store(file, stream);
    else for await (const _ of stream);
    async function* counted(source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        used += chunk.length;
        if (used > room) throw overQuota();
        yield chunk;
      }
    }
  }
}

/** Feeds the vault's rows through the JSON import's planner (its checks, ids kept, batches, counts). */
async function planRows(
  rows: VaultRows,
  planner: ReturnType<typeof createImportPlanner>,
): Promise<ImportOutcome> {
  for (const name of backupArrays) {
    const list = (rows as unknown as Record<string, unknown[] | undefined>)[name] ?? [];
    for (const [index, value] of list.entries()) await planner.row(name, index, value);
    await planner.arrayEnd(name);
  }
  const outcome = await planner.finish();
  if (outcome.problem) throw refuseImport(outcome.problem);
  return outcome;
}

/** A preview: the whole zip read and checked (files inflated and counted), nothing written. */
export async function previewMarkdownImport(file: string, job: MarkdownJob): Promise<ImportOutcome> {
  const zip = await openMarkdownZip(file, job.limits);
  try {
    const vault = await readVault(zip, job);
    await readFiles(zip, vault.files, job.roomBytes);
    const outcome = await planRows(vault.rows, createImportPlanner({ ...planOptions(job), keepIds: true }));
    return { ...outcome, counts: { ...outcome.counts, files: vault.files.length } };
  } finally {
    zip.close();
  }
}

/**
 * The import's writes inside the caller's transaction `trx`: the account cleared when asked, the linked
 * files stored as attachments, then the rows through the JSON import's planner and row writer. Any
 * refusal throws, and the caller's rollback takes everything, files included.
 */
export async function writeMarkdownImport(trx: Db, file: string, job: MarkdownJob): Promise<ImportOutcome> {
  const zip = await openMarkdownZip(file, job.limits);
  try {
    const vault = await readVault(zip, job);
    if (job.clearExisting) await deleteAccountData(trx, job.userId);
    await readFiles(zip, vault.files, job.roomBytes, (entry, stream) =>
      storeImportedAttachment(trx, job.userId, { ...entry, createdAt: job.now }, stream),
    );
    const write = createRowWriter(trx);
    const planner = createImportPlanner({
      ...planOptions(job),
      keepIds: true,
      offsets: job.clearExisting ? undefined : await positionsAfterExisting(trx, job.userId),
      existingLabels: job.clearExisting ? undefined : await existingLabelKeys(trx, job.userId),
      batchRows: rowsPerInsert,
      write: (table, rows) => write(table, rows),
    });
    const outcome = await planRows(vault.rows, planner);
    return { ...outcome, counts: { ...outcome.counts, files: vault.files.length } };
  } finally {
    zip.close();
  }
}
