import { describe, expect, it } from 'vitest';
import { seal, unseal } from './sealed-box.ts';

const key = Buffer.alloc(32, 1);

describe('sealed box', () => {
  it('opens what it sealed, and the sealed text does not show the secret', () => {
    const secret = 'https://jotlist.test/auth/callback?token=abc123';
    const sealed = seal(key, secret);
    expect(sealed).not.toContain('abc123');
    expect(unseal(key, sealed)).toBe(secret);
  });

  it('seals the same text differently each time', () => {
    expect(seal(key, 'x')).not.toBe(seal(key, 'x'));
  });

  it('refuses a wrong key and a changed text', () => {
    const sealed = seal(key, 'secret');
    expect(() => unseal(Buffer.alloc(32, 2), sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => unseal(key, parts.join('.'))).toThrow();
    expect(() => unseal(key, 'plain text')).toThrow('not a sealed value');
  });
});
