import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM under the app's secret key (secret-key.ts), for secrets that must be stored but never
 * readable from a copy of the database: mail jobs carrying sign-in links, OAuth tokens. The output is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; a wrong key or any change to the text fails to open.
 */
const version = 'v1';

export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [version, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function unseal(key: Buffer, sealed: string): string {
  const [tag, iv, authTag, ciphertext] = sealed.split('.');
  if (tag !== version || !iv || !authTag || ciphertext === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
