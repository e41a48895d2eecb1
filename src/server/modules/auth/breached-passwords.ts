import { dictionary } from '@zxcvbn-ts/language-common';
import { messages } from '../../../shared/messages.ts';
import { badRequest } from '../../app-error.ts';

/**
 * The most common passwords from public breach corpora (about 49,000, shipped offline in
 * @zxcvbn-ts/language-common, MIT; nothing is fetched at run time), lowercased, in a Set for an O(1)
 * lookup. Built lazily so processes that never judge a new password never pay for it.
 */
let common: ReadonlySet<string> | undefined;
const commonPasswords = (): ReadonlySet<string> => {
  common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return common;
};

// The decoration people add to satisfy composition rules ("Password1!", "!Dragon2024"): crackers try
// every listed word with it first, so it does not make a listed word any safer.
const decoration = /^[\d@$!%*?&#.\-_ ]+|[\d@$!%*?&#.\-_ ]+$/g;

/** Whether the password is a listed one, or a listed word with only digits and symbols around it. */
export function isBreachedPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const list = commonPasswords();
  if (list.has(lower)) return true;
  const core = lower.replace(decoration, '');
  return core.length > 0 && list.has(core);
}

/**
 * Refuses a new password (sign-up, reset, change) found in the list, as a 400 with the message on the
 * `password` field, the way a failed schema rule is reported, so every form shows it under the field.
 */
export function refuseBreachedPassword(password: string): void {
  if (isBreachedPassword(password)) {
    throw badRequest(messages.validation.passwordBreached, {
      password: messages.validation.passwordBreached,
    });
  }
}
