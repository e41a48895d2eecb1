import { attachmentMaxBytes } from '../../../shared/domain/attachments.ts';
import { messages } from '../../../shared/messages.ts';
import { type Attachment, attachmentSchema } from '../../../shared/schemas/attachment.ts';
import { refreshSession } from '../../lib/session-refresh.ts';

/** A refusal whose text is for the person (the server's own message when it gave one). */
export class UploadError extends Error {}

function send(file: File, onProgress: (percent: number) => void): Promise<{ status: number; body: unknown }> {
  // XMLHttpRequest, not fetch: only it reports upload progress.
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/attachments?name=${encodeURIComponent(file.name || 'file')}`);
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(new UploadError(messages.attachments.failed));
    request.send(file);
  });
}

const errorMessage = (body: unknown): string | undefined => {
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  return typeof error?.message === 'string' ? error.message : undefined;
};

const errorCode = (body: unknown): unknown => (body as { error?: { code?: unknown } } | null)?.error?.code;

/**
 * Uploads one file, reporting its progress; a 401 (the access token expired meanwhile) refreshes the
 * session and tries once more. Over-size files are refused here, before a byte is sent.
 */
export async function uploadAttachment(
  file: File,
  onProgress: (percent: number) => void,
): Promise<Attachment> {
  if (file.size > attachmentMaxBytes) throw new UploadError(messages.attachments.tooLarge);
  let answer = await send(file, onProgress);
  if (answer.status === 401 && (await refreshSession()).kind === 'refreshed')
    answer = await send(file, onProgress);
  if (answer.status === 201) return attachmentSchema.parse(answer.body);
  // The account turned read-only while the page was open: the spec's read-only words.
  if (answer.status === 403 && errorCode(answer.body) === 'read_only')
    throw new UploadError(messages.api.readOnly);
  throw new UploadError(errorMessage(answer.body) ?? messages.attachments.failed);
}
