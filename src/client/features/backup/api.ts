import { backupFileName, isZipFile } from '../../../shared/domain/backup-format.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { type ImportResult, importResultSchema } from '../../../shared/schemas/backup.ts';
import { ApiError, networkError } from '../../lib/api-client.ts';
import { refreshSession } from '../../lib/session-refresh.ts';

const m = messages.backup;

/** A 401 is retried once after a silent session refresh, as the API client does for every call. */
async function withRefresh<T extends { status: number }>(send: () => Promise<T>): Promise<T> {
  const first = await send();
  if (first.status !== 401) return first;
  const outcome = await refreshSession();
  return outcome.kind === 'refreshed' ? send() : first;
}

/** `filename="…"` of a Content-Disposition header, or null. */
function fileNameOf(disposition: string | null): string | null {
  return disposition ? (/filename="([^"]+)"/.exec(disposition)?.[1] ?? null) : null;
}

/**
 * GET /api/backup/export and hand the file to the browser as a download. Errors carry the catalogue's
 * words (docs/PRODUCT.md §8.3): a refused export `Failed to export data. Please try again.`, a broken one (network, a cut
 * stream) `An error occurred during export.`, no session `User not authenticated`.
 */
export async function downloadBackup(): Promise<string> {
  let response: Response;
  let blob: Blob;
  try {
    response = await withRefresh(() => fetch('/api/backup/export', { credentials: 'same-origin' }));
    if (response.status === 401) throw new ApiError(401, 'unauthorized', m.notAuthenticated);
    if (!response.ok) throw new ApiError(response.status, 'export_failed', m.exportFailed);
    blob = await response.blob();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, 'export_error', m.exportError);
  }
  const name = fileNameOf(response.headers.get('content-disposition')) ?? backupFileName(new Date());
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns; give them a moment before revoking.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export interface UploadOptions {
  clearExisting: boolean;
  dryRun: boolean;
  /** 0..1 of the file sent so far (large files take a while to upload). */
  onProgress?(fraction: number): void;
}

interface XhrAnswer {
  status: number;
  text: string;
}

/** XMLHttpRequest rather than fetch: only it reports upload progress. */
function sendFile(file: File, url: string, onProgress?: (fraction: number) => void): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    // The server tells a zip by its first bytes; the type only gives a zip its larger size limit.
    xhr.setRequestHeader('content-type', isZipFile(file) ? 'application/zip' : 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(networkError());
    xhr.send(file);
  });
}

/**
 * POST /api/backup/import with the file (a JSON backup or a zip of Markdown) as the body. `dryRun` checks it and answers what would be
 * imported (the preview); otherwise it imports. Refusals throw ApiError with the server's message
 * (`Invalid backup file format`, `Missing or invalid data: notes`, 403 read_only, 413, ...).
 */
export async function uploadBackup(file: File, options: UploadOptions): Promise<ImportResult> {
  const query = new URLSearchParams({
    clearExisting: String(options.clearExisting),
    dryRun: String(options.dryRun),
  });
  // A zip's pages at its root go to a notebook named after it.
  if (isZipFile(file)) query.set('name', file.name.slice(0, 255));
  const answer = await withRefresh(() => sendFile(file, `/api/backup/import?${query}`, options.onProgress));
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    json = undefined;
  }
  if (answer.status >= 200 && answer.status < 300) return importResultSchema.parse(json);
  const parsed = errorBodySchema.safeParse(json);
  if (answer.status === 401) throw new ApiError(401, 'unauthorized', m.notAuthenticated);
  if (!parsed.success) throw new ApiError(answer.status, 'http_error', m.unknownError);
  throw new ApiError(answer.status, parsed.data.error.code, parsed.data.error.message);
}

/** The failure line (docs/PRODUCT.md §8.3): `Import failed: <message>`, or `Unknown error` when there is none. */
export function importFailedMessage(error: unknown): string {
  const message = error instanceof Error && error.message ? error.message : m.unknownError;
  return m.importFailed(message);
}
