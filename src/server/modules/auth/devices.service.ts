import type { DevicesResponse } from '../../../shared/schemas/devices.ts';
import { notFound } from '../../app-error.ts';
import { transactionWithInvalidation } from '../../cluster/invalidation.ts';
import type { AppDeps } from '../../deps.ts';
import { enqueueMail } from '../../jobs/mail.job.ts';
import { newSignInMail } from './auth-mails.ts';
import { deviceName } from './device-names.ts';
import {
  deleteSessionOfUser,
  listOpenSessions,
  newSignInMailEnabled,
  setNewSignInMail,
} from './devices.repo.ts';
import type { RequestAuth } from './session-hook.ts';

/** The account's open sessions as devices, this one marked, and whether new sign-ins are mailed. */
export async function listDevices(deps: AppDeps, auth: RequestAuth): Promise<DevicesResponse> {
  const db = deps.database.db;
  const rows = await listOpenSessions(db, auth.userId, deps.now().toISOString());
  return {
    devices: rows.map((row) => ({
      id: row.id,
      ...deviceName(row.user_agent),
      firstSeen: row.created_at,
      lastSeen: row.last_used_at,
      current: row.id === auth.sessionId,
    })),
    newSignInMail: await newSignInMailEnabled(db, auth.userId),
  };
}

/**
 * Ends one session of the account at once, on every instance: the row goes (its refresh tokens with
 * it) and every instance drops the session from its cache, as "Sign out everywhere" does for all.
 */
export async function signOutDevice(deps: AppDeps, auth: RequestAuth, sessionId: string): Promise<void> {
  const ended = await transactionWithInvalidation(deps, async (trx, invalidate) => {
    const deleted = await deleteSessionOfUser(trx, auth.userId, sessionId);
    if (deleted) await invalidate({ kind: 'session', sessionId });
    return deleted;
  });
  if (!ended) throw notFound();
}

export async function changeNewSignInMail(deps: AppDeps, auth: RequestAuth, enabled: boolean): Promise<void> {
  await setNewSignInMail(deps.database.db, auth.userId, enabled, deps.now().toISOString());
}

/**
 * After a sign-in: mails the account when no other open session has the same browser and OS (so a
 * second tab or a refresh never mails, a new laptop or phone does), unless the person turned it off.
 * Sessions end, so a browser unused past its session's end counts as new again; that errs towards telling.
 */
export async function mailIfNewDevice(
  deps: AppDeps,
  user: { id: string; email: string },
  sessionId: string,
  meta: { userAgent: string | null; appUrl: string },
): Promise<boolean> {
  const db = deps.database.db;
  const now = deps.now();
  const device = deviceName(meta.userAgent);
  const others = (await listOpenSessions(db, user.id, now.toISOString())).filter(
    (row) => row.id !== sessionId,
  );
  const known = others.some((row) => {
    const other = deviceName(row.user_agent);
    return other.browser === device.browser && other.os === device.os;
  });
  if (known || !(await newSignInMailEnabled(db, user.id))) return false;
  await enqueueMail(db, deps, newSignInMail(meta.appUrl, user.email, { at: now, ...device }));
  return true;
}
