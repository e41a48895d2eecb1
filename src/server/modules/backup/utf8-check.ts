import { isUtf8 } from 'node:buffer';
import { NotJsonError } from './backup-json-scanner.ts';

/**
 * Passes an upload's chunks on unchanged, and fails with NotJsonError once they are not UTF-8 (JSON text
 * is UTF-8, RFC 8259): decoded as it is, an invalid sequence would be imported as U+FFFD. A character cut
 * between two chunks is checked with the next one.
 */
export async function* checkedUtf8(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  let pending: Buffer | null = null;
  for await (const bytes of source) {
    const data: Uint8Array = pending ? Buffer.concat([pending, bytes]) : bytes;
    const whole = wholeCharactersLength(data);
    if (!isUtf8(data.subarray(0, whole))) throw new NotJsonError();
    pending = whole < data.length ? Buffer.from(data.subarray(whole)) : null;
    yield bytes;
  }
  if (pending) throw new NotJsonError();
}

/** How many leading bytes end on a character boundary: a sequence still missing bytes is held back. */
function wholeCharactersLength(data: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, data.length); back++) {
    const byte = data[data.length - back] as number;
    // A continuation byte (10xxxxxx): its lead byte is further back.
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? data.length - back : data.length;
  }
  return data.length;
}
