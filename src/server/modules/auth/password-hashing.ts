import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first-choice parameters (DESIGN.md §1): 19 MiB, 2 passes, 1 lane. The whole
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

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
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
