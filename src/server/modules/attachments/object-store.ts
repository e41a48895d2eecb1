import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient, AwsV4Signer } from 'aws4fetch';
import type { S3Config } from '../../config.ts';

/**
 * The few S3 calls attachments need, signed with SigV4 by aws4fetch (a few kB over fetch, where the
 * official SDK brings megabytes): put, multipart upload, get as a stream, delete. Every body sent is a
 * part already in memory (at most `partBytes`), so its SHA-256 is signed too and a corrupted part is
 * refused by the server. Failures are `ObjectStoreError`s carrying S3's own code, for the log.
 */
export class ObjectStoreError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ObjectStoreError';
  }
}

/** Tries after the first when the bucket answers 5xx or 429. */
export const storeRetries = 3;

/** S3's smallest part but the last; also the most one upload holds in memory at a time. */
export const partBytes = 5 * 1024 * 1024;

export interface ObjectStore {
  put(key: string, body: Uint8Array): Promise<void>;
  /**
   * One PutObject whose body is sent as it arrives (S3 needs its length first): nothing is held in
   * memory. `source` must yield exactly `length` bytes; else the request is cut and this throws.
   * Not retried (the bytes are gone), and the payload is `UNSIGNED-PAYLOAD` (its hash is not known
   * before it is sent), as the AWS SDK's own streamed uploads.
   */
  putStream(key: string, length: number, source: AsyncIterable<Uint8Array>): Promise<void>;
  createMultipart(key: string): Promise<string>;
  uploadPart(key: string, uploadId: string, partNumber: number, body: Uint8Array): Promise<string>;
  completeMultipart(key: string, uploadId: string, etags: string[]): Promise<void>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
  /** The object's bytes as they arrive (the caller must consume or destroy the stream). */
  get(key: string): Promise<Readable>;
  /** Deleting a missing object succeeds, as in S3: a retried sweep is harmless. */
  delete(key: string): Promise<void>;
}

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The body's signed SHA-256, hashed here: left to aws4fetch, WebCrypto would first copy the 5 MB part.
 */
const payloadHash = (body: Uint8Array) => ({
  'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
});

export function createObjectStore(config: S3Config): ObjectStore {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
    // A 5xx or 429 is tried again (with backoff) a few times: a bucket's passing hiccup should not fail
    // an upload, a lasting failure should fail it within seconds, not the library's default minute.
    retries: storeRetries,
  });
  const endpoint = new URL(config.endpoint);
  const objectUrl = (key: string, query = '') => {
    const path = key.split('/').map(encodeURIComponent).join('/');
    const base = config.forcePathStyle
      ? `${endpoint.origin}/${encodeURIComponent(config.bucket)}/${path}`
      : `${endpoint.protocol}//${config.bucket}.${endpoint.host}/${path}`;
    return query ? `${base}?${query}` : base;
  };

  async function call(
    what: string,
    url: string,
    init: { method: string; body?: Uint8Array | string; headers?: Record<string, string> },
    okStatuses: number[] = [200],
  ): Promise<Response> {
    let response: Response;
    try {
      response = await client.fetch(url, init as RequestInit);
    } catch (error) {
      throw new ObjectStoreError(
        `${what}: the bucket could not be reached (${(error as Error).message})`,
        'Unreachable',
      );
    }
    if (okStatuses.includes(response.status)) return response;
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `HTTP${response.status}`;
    throw new ObjectStoreError(`${what}: the bucket answered ${response.status} ${code}`, code);
  }

  return {
    async put(key, body) {
      await call('PutObject', objectUrl(key), { method: 'PUT', body, headers: payloadHash(body) });
    },
    async putStream(key, length, source) {
      const signed = await new AwsV4Signer({
        method: 'PUT',
        url: objectUrl(key),
        headers: { 'content-length': String(length), 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
        accessKeyId: config.accessKeyId,
        secretAccessKey: config.secretAccessKey,
        region: config.region,
        service: 's3',
      }).sign();
      const url = new URL(signed.url);
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(url, { method: 'PUT', headers: Object.fromEntries(signed.headers.entries()) });
      const answered = new Promise<IncomingMessage>((resolve, reject) => {
        req.once('response', resolve);
        // `on`, not `once`: a cut connection can report more than one error.
        req.on('error', (error) =>
          reject(
            new ObjectStoreError(
              `PutObject: the bucket could not be reached (${error.message})`,
              'Unreachable',
            ),
          ),
        );
      });
      // An answer before the body is all sent is a refusal (403, 400): stop sending and read it.
      let early = false;
      answered.then(
        () => {
          early = true;
        },
        () => undefined,
      );
      let sent = 0;
      try {
        for await (const chunk of source) {
          if (early) break;
          sent += chunk.length;
          if (sent > length)
            throw new ObjectStoreError('PutObject: more bytes than announced', 'LengthMismatch');
          if (!req.write(chunk)) await Promise.race([once(req, 'drain'), answered]);
        }
        if (!early && sent !== length) {
          throw new ObjectStoreError('PutObject: fewer bytes than announced', 'LengthMismatch');
        }
      } catch (error) {
        req.destroy();
        throw error;
      }
      req.end();
      const response = await answered;
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      if (response.statusCode === 200) return;
      const code =
        /<Code>([^<]*)<\/Code>/.exec(Buffer.concat(chunks).toString())?.[1] ?? `HTTP${response.statusCode}`;
      throw new ObjectStoreError(`PutObject: the bucket answered ${response.statusCode} ${code}`, code);
    },
    async createMultipart(key) {
      const response = await call('CreateMultipartUpload', objectUrl(key, 'uploads='), { method: 'POST' });
      const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await response.text())?.[1];
      if (!uploadId) throw new ObjectStoreError('CreateMultipartUpload: no UploadId', 'MalformedAnswer');
      return uploadId;
    },
    async uploadPart(key, uploadId, partNumber, body) {
      const query = `partNumber=${partNumber}&uploadId=${encodeURIComponent(uploadId)}`;
      const response = await call('UploadPart', objectUrl(key, query), {
        method: 'PUT',
        body,
        headers: payloadHash(body),
      });
      const etag = response.headers.get('etag');
      if (!etag) throw new ObjectStoreError('UploadPart: no ETag', 'MalformedAnswer');
      return etag;
    },
    async completeMultipart(key, uploadId, etags) {
      const parts = etags
        .map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${xmlEscape(etag)}</ETag></Part>`)
        .join('');
      const body = `<CompleteMultipartUpload>${parts}</CompleteMultipartUpload>`;
      const response = await call(
        'CompleteMultipartUpload',
        objectUrl(key, `uploadId=${encodeURIComponent(uploadId)}`),
        { method: 'POST', body, headers: { 'content-type': 'application/xml' } },
      );
      // S3 may answer 200 and still report a failure in the body.
      const text = await response.text();
      if (text.includes('<Error>')) {
        const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? 'InternalError';
        throw new ObjectStoreError(`CompleteMultipartUpload: ${code}`, code);
      }
    },
    async abortMultipart(key, uploadId) {
      await call(
        'AbortMultipartUpload',
        objectUrl(key, `uploadId=${encodeURIComponent(uploadId)}`),
        { method: 'DELETE' },
        [204, 200, 404],
      );
    },
    async get(key) {
      const response = await call('GetObject', objectUrl(key), { method: 'GET' });
      if (!response.body) return Readable.from([]);
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },
    async delete(key) {
      await call('DeleteObject', objectUrl(key), { method: 'DELETE' }, [204, 200, 404]);
    },
  };
}
