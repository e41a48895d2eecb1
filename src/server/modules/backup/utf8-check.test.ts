import { describe, expect, it } from 'vitest';
import { NotJsonError } from './backup-json-scanner.ts';
import { checkedUtf8 } from './utf8-check.ts';

async function read(chunks: number[][]): Promise<number[]> {
  const out: number[] = [];
  for await (const chunk of checkedUtf8(chunks.map((c) => Uint8Array.from(c)))) out.push(...chunk);
  return out;
}

describe('the UTF-8 check of an import upload', () => {
  const text = [...Buffer.from('"Café 😀 ש"')];

  it('passes every byte on unchanged, whichever chunk boundary cuts a character', async () => {
    for (let cut = 0; cut <= text.length; cut++) {
      expect(await read([text.slice(0, cut), text.slice(cut)])).toEqual(text);
    }
    expect(await read(text.map((byte) => [byte]))).toEqual(text);
  });

  it('fails on a byte that is not UTF-8, a broken sequence, or a character cut off at the end', async () => {
    await expect(read([[0x22, 0xe9, 0x22]])).rejects.toBeInstanceOf(NotJsonError);
    await expect(read([[0xc3], [0x28]])).rejects.toBeInstanceOf(NotJsonError);
    await expect(read([[0x22], [0xf0, 0x9f, 0x98]])).rejects.toBeInstanceOf(NotJsonError);
    await expect(read([[0xed, 0xa0, 0x80]])).rejects.toBeInstanceOf(NotJsonError);
  });
});
