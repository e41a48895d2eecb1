import { z } from 'zod';
import { billingModeSchema } from './billing.ts';

/** Public facts the client needs before sign-in (legal pages' contact address, trial length). */
export const siteInfoSchema = z.object({
  supportEmail: z.string(),
  trialDays: z.number().int(),
  /** `off`: no trial and no billing, so the client shows no Billing tab, plan prompt or trial banner. */
  billing: billingModeSchema,
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
