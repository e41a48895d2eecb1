import { z } from 'zod';

/** A stored file as the upload answers it and the export lists it. */
export const attachmentSchema = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** The upload's query: the file's name (its bytes are the body, its type the Content-Type). */
export const uploadQuerySchema = z.object({
  name: z.string().trim().min(1).max(255),
});

export const attachmentParamsSchema = z.object({ id: z.string().uuid() });

/** What Settings shows in the usage bar. */
export const attachmentUsageSchema = z.object({
  usedBytes: z.number().int(),
  limitBytes: z.number().int(),
});
export type AttachmentUsage = z.infer<typeof attachmentUsageSchema>;
