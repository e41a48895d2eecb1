import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';
import { sweepAttachments } from './attachments.service.ts';

/**
 * A day's grace: a file taken out of a page (or its page deleted) stays while Undo can bring the text
 * back; a file still named by a page version stays as long as History keeps that version.
 */
export const attachmentGraceMs = 24 * 60 * 60 * 1000;

/** Hourly: files no page and no page version mentions any more go after the grace. Idempotent. */
export const attachmentSweepJob = defineJob({
  kind: 'attachments.sweep',
  payload: z.object({}),
  async run(deps) {
    const deleted = await sweepAttachments(deps, attachmentGraceMs);
    if (deleted > 0) deps.logger.info({ event: 'attachments.swept', deleted }, 'unreferenced files deleted');
  },
});
