import { randomInt } from 'node:crypto';
import { hashToken } from '../../security/token-crypto.ts';

/**
 * Recovery codes of two-step sign-in: ten, single use, 80 random bits each (16 characters of a
 * 32-letter alphabet without 0/o, 1/l), shown as `abcd-efgh-jkmn-pqrs`. Random enough that a plain
 * SHA-256 of the normalized code is a safe thing to store (token-crypto.ts says why).
 */
export const recoveryCodeCount = 10;
const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
const groups = 4;
const groupLength = 4;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () =>
    Array.from({ length: groups }, () =>
      Array.from({ length: groupLength }, () => alphabet[randomInt(alphabet.length)]).join(''),
    ).join('-'),
  );
}

/** What is hashed: case, spaces and dashes as typed do not matter. */
export function hashRecoveryCode(code: string): string {
  return hashToken(code.toLowerCase().replace(/[^a-z0-9]/g, ''));
}
