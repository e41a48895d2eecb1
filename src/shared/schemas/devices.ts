import { z } from 'zod';

/** Settings → Account → Devices: the account's signed-in sessions, each named by browser and OS. */
export const deviceSchema = z.object({
  id: z.uuid(),
  browser: z.string(),
  os: z.string(),
  firstSeen: z.string(),
  /** Updated when the session's tokens are refreshed (every 15 minutes of use), not on every request. */
  lastSeen: z.string(),
  current: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;

export const devicesResponseSchema = z.object({
  devices: z.array(deviceSchema),
  newSignInMail: z.boolean(),
});
export type DevicesResponse = z.infer<typeof devicesResponseSchema>;

export const deviceParamsSchema = z.object({ id: z.uuid() });

export const newSignInMailBodySchema = z.object({ enabled: z.boolean() });
export type NewSignInMailBody = z.infer<typeof newSignInMailBodySchema>;
