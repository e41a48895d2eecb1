/**
 * The attachments module's public surface: its routes, the sweep job, what the Markdown export needs
 * (the account's files, one file's bytes as a stream, storing a file), what the Markdown import needs
 * (the account's room, a file stored inside the import's transaction), and the account deletion's step
 * for files in the bucket. Everything else is internal.
 */

export { deleteAccountObjects, deleteAccountObjectsJob } from './account-files.job.ts';
export { listAttachments as accountAttachments } from './attachments.repo.ts';
export { attachmentRoutes } from './attachments.routes.ts';
export {
  attachmentUsage,
  listPageAttachments,
  openAttachmentStream,
  storeAttachment,
} from './attachments.service.ts';
export { storeImportedAttachment } from './attachments-import.ts';
export { attachmentSweepJob } from './attachments-sweep.job.ts';
