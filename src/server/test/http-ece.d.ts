/** http_ece ships no types; the test push service only decrypts (RFC 8188 with RFC 8291's keys). */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's key pair (the browser's p256dh). */
    privateKey: ECDH;
    /** The subscription's auth secret (base64url or bytes). */
    authSecret: string | Buffer;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
