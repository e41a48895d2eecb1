import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local S3 for tests, speaking the protocol for real: path-style PUT/GET/HEAD/DELETE object and the
 * multipart calls (create, upload part, complete, abort), answering S3's XML errors. Every request's
 * SigV4 signature is checked here from scratch (canonical request, string to sign, signing key), not
 * with the client's library: a request signed wrong, or with the wrong secret, gets 403
 * SignatureDoesNotMatch as from AWS, and a body that does not match its signed SHA-256 gets 400.
 */

export interface FakeS3Request {
  method: string;
  path: string;
  query: string;
  status: number;
  code?: string;
}

export interface FakeS3 {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3_* settings that point the app at this server. */
  env: Record<string, string>;
  /** Stored objects by key. */
  objects: Map<string, Buffer>;
  /** Multipart uploads begun and neither completed nor aborted, by upload id. */
  openUploads: Map<string, { key: string; parts: Map<number, Buffer> }>;
  requests: FakeS3Request[];
  /** Makes the next `count` UploadPart calls fail with 500 InternalError (a failing bucket mid-upload). */
  failParts(count: number): void;
  close(): Promise<void>;
}

const minPartBytes = 5 * 1024 * 1024;
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 canonicalises names and values. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function xmlError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The SigV4 check; answers an S3 error code, or null when the signature is right. */
function verifySignature(
  req: IncomingMessage,
  body: Buffer,
  expected: { accessKeyId: string; secretAccessKey: string; region: string },
): { status: number; code: string } | null {
  const auth = req.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return { status: 403, code: 'AccessDenied' };
  const [, accessKeyId, date, region, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== expected.accessKeyId) return { status: 403, code: 'InvalidAccessKeyId' };
  if (region !== expected.region) return { status: 400, code: 'AuthorizationHeaderMalformed' };
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date ?? '-')) return { status: 403, code: 'SignatureDoesNotMatch' };
  const signedAt = Date.parse(
    amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  if (!(Math.abs(Date.now() - signedAt) < 15 * 60 * 1000))
    return { status: 403, code: 'RequestTimeTooSkewed' };
  const headerNames = (signedHeaders ?? '').split(';');
  if (!headerNames.includes('host') || !headerNames.includes('x-amz-date')) {
    return { status: 403, code: 'AccessDenied' };
  }
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (!payloadHash) return { status: 400, code: 'InvalidRequest' };
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) {
    return { status: 400, code: 'XAmzContentSHA256Mismatch' };
  }
  const url = new URL(req.url ?? '/', 'http://s3.local');
  const canonicalPath = url.pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = [...url.searchParams.entries()]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = headerNames
    .map((name) => {
      const value = req.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [
    req.method,
    canonicalPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${expected.secretAccessKey}`, date ?? ''), region ?? ''), 's3'),
    'aws4_request',
  );
  const wanted = createHmac('sha256', signingKey).update(stringToSign).digest();
  const given = Buffer.from(signature ?? '', 'hex');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
    return { status: 403, code: 'SignatureDoesNotMatch' };
  }
  return null;
}

const etagOf = (data: Buffer) => `"${createHash('md5').update(data).digest('hex')}"`;

export async function startFakeS3(): Promise<FakeS3> {
  const bucket = 'jotlist-test';
  const region = 'eu-test-1';
  const accessKeyId = `AKIA${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(20).toString('base64');
  const objects = new Map<string, Buffer>();
  const openUploads = new Map<string, { key: string; parts: Map<number, Buffer> }>();
  const requests: FakeS3Request[] = [];
  let partFailures = 0;

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<{ status: number; code?: string }> {
    const body = await readBody(req);
    const failure = verifySignature(req, body, { accessKeyId, secretAccessKey, region });
    if (failure) {
      xmlError(res, failure.status, failure.code, 'The request was refused.');
      return failure;
    }
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const [, bucketName, ...rest] = url.pathname.split('/');
    if (bucketName !== bucket) {
      xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      return { status: 404, code: 'NoSuchBucket' };
    }
    const key = rest.map(decodeURIComponent).join('/');
    const query = url.searchParams;
    const uploadId = query.get('uploadId');
    if (req.method === 'POST' && query.has('uploads')) {
      const id = randomBytes(12).toString('hex');
      openUploads.set(id, { key, parts: new Map() });
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
      return { status: 200 };
    }
    if (uploadId !== null) {
      const upload = openUploads.get(uploadId);
      if (!upload || upload.key !== key) {
        xmlError(res, 404, 'NoSuchUpload', 'The specified upload does not exist.');
        return { status: 404, code: 'NoSuchUpload' };
      }
      if (req.method === 'PUT') {
        if (partFailures > 0) {
          partFailures -= 1;
          xmlError(res, 500, 'InternalError', 'We encountered an internal error. Please try again.');
          return { status: 500, code: 'InternalError' };
        }
        const partNumber = Number(query.get('partNumber'));
        upload.parts.set(partNumber, body);
        res.writeHead(200, { etag: etagOf(body) });
        res.end();
        return { status: 200 };
      }
      if (req.method === 'DELETE') {
        openUploads.delete(uploadId);
        res.writeHead(204);
        res.end();
        return { status: 204 };
      }
      if (req.method === 'POST') {
        const listed = [
          ...body.toString().matchAll(/<Part><PartNumber>(\d+)<\/PartNumber><ETag>([^<]+)<\/ETag><\/Part>/g),
        ].map((m) => ({ number: Number(m[1]), etag: (m[2] ?? '').replace(/&#34;|&quot;/g, '"') }));
        const parts: Buffer[] = [];
        for (const [i, part] of listed.entries()) {
          const data = upload.parts.get(part.number);
          if (!data || etagOf(data) !== part.etag) {
            xmlError(res, 400, 'InvalidPart', 'One or more of the specified parts could not be found.');
            return { status: 400, code: 'InvalidPart' };
          }
          if (i < listed.length - 1 && data.length < minPartBytes) {
            xmlError(res, 400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum.');
            return { status: 400, code: 'EntityTooSmall' };
          }
          parts.push(data);
        }
        if (parts.length === 0) {
          xmlError(res, 400, 'MalformedXML', 'The XML you provided was not well-formed.');
          return { status: 400, code: 'MalformedXML' };
        }
        const data = Buffer.concat(parts);
        objects.set(key, data);
        openUploads.delete(uploadId);
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult><Key>${key}</Key><ETag>${etagOf(data)}</ETag></CompleteMultipartUploadResult>`,
        );
        return { status: 200 };
      }
    }
    if (req.method === 'PUT') {
      objects.set(key, body);
      res.writeHead(200, { etag: etagOf(body) });
      res.end();
      return { status: 200 };
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const data = objects.get(key);
      if (!data) {
        xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        return { status: 404, code: 'NoSuchKey' };
      }
      res.writeHead(200, { 'content-length': data.length, etag: etagOf(data) });
      res.end(req.method === 'GET' ? data : undefined);
      return { status: 200 };
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      res.end();
      return { status: 204 };
    }
    xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed.');
    return { status: 405, code: 'MethodNotAllowed' };
  }

  const server = createServer((req, res) => {
    handle(req, res).then(
      (outcome) => {
        const url = new URL(req.url ?? '/', 'http://s3.local');
        requests.push({ method: req.method ?? '', path: url.pathname, query: url.search, ...outcome });
      },
      (error: unknown) => {
        if (!res.headersSent) xmlError(res, 500, 'InternalError', String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: url,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'on',
    },
    objects,
    openUploads,
    requests,
    failParts(count) {
      partFailures = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
