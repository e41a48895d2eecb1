import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.ts';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

interface KeyPair {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair that signs every push: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or a pair generated once
 * into `$DATA_DIR/vapid.json` (mode 0600) and reused, like the secret key: browsers subscribed with the
 * public key, so a new pair would silently break every subscription. Read on each use (a small file): no
 * per-process state to keep in step between instances.
 */
export function loadVapidDetails(config: Config): VapidDetails {
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.SUPPORT_EMAIL}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { subject, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  return { subject, ...keysInDataDir(config.DATA_DIR) };
}

function keysInDataDir(dataDir: string): KeyPair {
  const file = join(dataDir, 'vapid.json');
  const read = () => JSON.parse(readFileSync(file, 'utf8')) as KeyPair;
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  // 'wx' fails if another process created the file first; then read theirs.
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch {
    return read();
  }
}
