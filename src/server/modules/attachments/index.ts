/**
 * The attachments module's public surface: its routes, the sweep job, and what the Markdown export
 * needs (the account's files, one file's bytes as a stream, storing a file), and the account deletion's
 * step for files in the bucket. Everything else is internal.
 */

export { listAttachments as accountAttachments } from './attachments.repo.ts';
export { deleteAccountObjects, deleteAccountObjectsJob } from './account-files.job.ts';
export { attachmentRoutes } from './attachments.routes.ts';
export { listPageAttachments, openAttachmentStream, storeAttachment } from './attachments.service.ts';
export { attachmentSweepJob } from './attachments-sweep.job.ts';
