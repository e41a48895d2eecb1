import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { limitedUpload, uploadChunks, withSpooledUpload } from './backup-upload.ts';

/**
 * The request body behind an import outlives a refusal: destroying it would destroy the request and its
 * socket before the answer is written (and the request log then read a client address from no socket).
 */
describe('an import upload that is refused', () => {
  const mb = Buffer.alloc(1024 * 1024, 0x20);
  /** A request body still arriving: more than the limit is written, and it never ends. */
  function arrivingBody(): PassThrough {
    const body = new PassThrough({ highWaterMark: 1024 * 1024 });
    const feed = () => {
      while (!body.destroyed && body.write(mb));
      if (!body.destroyed) body.once('drain', feed);
    };
    feed();
    return body;
  }

  it('is left undestroyed when the size limit stops a dry run reading it', async () => {
    const body = arrivingBody();
    const reading = (async () => {
      for await (const _chunk of limitedUpload(uploadChunks(body))) {
        // Read as the dry run does, as it arrives.
      }
    })();
    await expect(reading).rejects.toMatchObject({ statusCode: 413 });
    expect(body.destroyed).toBe(false);
    expect(body.readableEnded).toBe(false);
    body.removeAllListeners('drain');
  });

  it('is left undestroyed when the size limit stops it being spooled to disk', async () => {
    const body = arrivingBody();
    const spooling = withSpooledUpload(limitedUpload(uploadChunks(body)), async () => 'read');
    await expect(spooling).rejects.toMatchObject({ statusCode: 413 });
    expect(body.destroyed).toBe(false);
    body.removeAllListeners('drain');
  });

  it('is left undestroyed when the reader gives up early (a file that is not a backup)', async () => {
    const body = arrivingBody();
    for await (const _chunk of uploadChunks(body)) break;
    expect(body.destroyed).toBe(false);
    body.removeAllListeners('drain');
  });
});
