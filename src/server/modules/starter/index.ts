import type { AccountCreationStep } from '../auth/index.ts';
import { addBackupRows } from '../backup/index.ts';
import { starterBackup } from './starter-content.ts';

/**
 * The starter module's public surface: every account made by sign-up starts with the `Getting started`
 * notebook and list (starter-content.ts), written in the sign-up's own transaction, so an account never
 * exists without them and they are made once (app.ts lists it in `hooks.accountCreated`). Accounts are never seeded again afterwards.
 */
export const addStarterContent: AccountCreationStep = (trx, userId, { now, timeZone }) =>
  addBackupRows(trx, userId, starterBackup(now, timeZone), now);

export { starterTitle } from './starter-content.ts';
