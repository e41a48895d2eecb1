import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first-choice parameters (docs/accounts.md): 19 MiB, 2 passes, 1 lane. The whole
 * password is hashed (argon2 has no 72-byte cut like bcrypt), so long passphrases are never truncated.
 * The parameters are written into each hash string, so raising them later still verifies old hashes.
 */
export const passwordHashOptions = {
  // Algorithm is an ambient const enum, which isolatedModules cannot read; 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashOptions);
}

/**
 * The stored hash of an account that has no password (yet): one first proven by a mailed link it did not
 * sign up through, whose sign-up password may be a stranger's (credential-change.ts). A sentinel rather than
 * NULL: `users.password_hash` is NOT NULL, SQLite cannot drop that constraint without rebuilding the
 * table (and every foreign key that points at it), and every reader would have to handle null. Not a
 * PHC string, so no password ever verifies against it; the owner sets one through the reset link.
 */
export const noPasswordHash = 'none';

/** False for a wrong password, for a malformed stored hash and for an account without a password alike. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  if (storedHash === noPasswordHash) {
    // As slow as a wrong password, so the answer does not tell that the account has none.
    await spendVerificationTime(password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of one real verification when there is no account to check against, so an answer
 * for an unknown address takes as long as one for a wrong password.
 */
export async function spendVerificationTime(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}
