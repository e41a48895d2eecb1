import type { z } from 'zod';

/**
 * Size limits count bytes as well as characters (docs/PRODUCT.md §10.1): a length limit counts UTF-16 code units,
 * so 300,000 emoji pass a 1 Mi-character limit as 1.2 MB of UTF-8, which is what the database stores.
 */

/** The UTF-8 size of `text` (a lone surrogate counts as the 3 bytes of U+FFFD), without encoding it. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** True when `text` takes at most `max` bytes in UTF-8; cheap when the length alone decides. */
export function fitsUtf8Bytes(text: string, max: number): boolean {
  // A UTF-16 code unit takes 1 to 3 bytes in UTF-8.
  if (text.length > max) return false;
  if (text.length * 3 <= max) return true;
  return utf8ByteLength(text) <= max;
}

/** A string schema that also holds its UTF-8 size to `max` bytes, with the schema's own message. */
export const maxUtf8Bytes = <T extends z.ZodType<string>>(schema: T, max: number, message: string) =>
  schema.refine((text) => fitsUtf8Bytes(text, max), { error: message });
