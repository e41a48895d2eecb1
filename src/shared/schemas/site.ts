import { z } from 'zod';

/** Public facts the client needs before sign-in (legal pages' contact address, trial length). */
export const siteInfoSchema = z.object({
  supportEmail: z.string(),
  trialDays: z.number().int(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
