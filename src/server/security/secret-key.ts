import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The 32-byte key for encryption at rest. SECRET_KEY wins; otherwise a key is generated once into
 * `$DATA_DIR/secret.key` (mode 0600) and reused, so restarts can still read what was encrypted.
 */
export function loadSecretKey(secretKeyHex: string | undefined, dataDir: string): Buffer {
  if (secretKeyHex) return Buffer.from(secretKeyHex, 'hex');
  const file = join(dataDir, 'secret.key');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx' fails if another process created the file first; then read theirs.
  try {
    writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  }
}
