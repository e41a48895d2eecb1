import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Public blog responses: rendered once per blog version and kept in memory, each with an ETag that is a
 * hash of its bytes. The version lives in the database (blog_state) and is replaced in the transaction
 * of every write, so every server instance drops its entries on the next request after a change
 * (docs/operations.md: a cache per process only when every instance hears of a change at once), and a client's If-None-Match gets 304 until then. Compressed forms (brotli, gzip)
 * are made once per entry too, instead of by @fastify/compress on every request.
 */

export interface Rendered {
  status: number;
  type: string;
  body: string;
}

export interface CachedResponse extends Rendered {
  etag: string;
  /** The body as UTF-8 bytes, kept so a hit does not encode the string again for every request. */
  bytes?: Buffer;
  /** Compressed bodies, made on first use. */
  encoded?: Partial<Record<Encoding, Buffer>>;
}

type Encoding = 'br' | 'gzip';

/** Below this, compressing saves less than it costs (the compress plugin's threshold). */
const compressFrom = 1024;

/** Enough for every published post many times over; a crawler walking random slugs cannot grow it. */
const maxEntries = 2_000;

export const etagOf = (body: string): string => `"${createHash('sha1').update(body).digest('base64url')}"`;

export class VersionedCache {
  private version: string | null = null;
  private readonly entries = new Map<string, CachedResponse>();

  async get(version: string, key: string, build: () => Promise<Rendered>): Promise<CachedResponse> {
    return this.lookup(version, key) ?? this.store(version, key, await build());
  }

  /** The entry of `key` at this version, if rendered already. */
  lookup(version: string, key: string): CachedResponse | undefined {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    return this.entries.get(key);
  }

  /** Keeps a rendering of `version` (unless a newer version was seen while rendering) and returns it. */
  store(version: string, key: string, rendered: Rendered): CachedResponse {
    const entry = { ...rendered, etag: etagOf(rendered.body), bytes: Buffer.from(rendered.body) };
    if (this.version === version) {
      if (this.entries.size >= maxEntries) this.entries.clear();
      this.entries.set(key, entry);
    }
    return entry;
  }
}

/** True when If-None-Match names this ETag (weak or strong, in a list, or `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  // If-None-Match compares weakly (RFC 9110 §13.1.2): W/ on either side does not matter.
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((candidate) => {
    const tag = opaque(candidate);
    return tag === '*' || tag === wanted;
  });
}

/** The best encoding the client accepts: brotli, then gzip (a q=0 entry refuses it), else none. */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (header === undefined) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!params.some((param) => /^q=0(\.0*)?$/.test(param))) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function encode(response: CachedResponse, encoding: Encoding): Buffer {
  response.encoded ??= {};
  const found = response.encoded[encoding];
  if (found) return found;
  const made =
    encoding === 'br'
      ? brotliCompressSync(response.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      : gzipSync(response.body, { level: 9 });
  response.encoded[encoding] = made;
  return made;
}

/**
 * Sends a public response that any cache must revalidate: 304 without a body when the client already
 * has this representation, else the bytes (compressed when the client accepts it) with their ETag.
 * Each encoding is its own representation, so it gets its own ETag. Without `precompress` (a response
 * made for one request) the compress plugin encodes it as usual.
 */
export function sendRevalidated(
  request: FastifyRequest,
  reply: FastifyReply,
  response: CachedResponse,
  options: { precompress: boolean } = { precompress: true },
) {
  const wanted = options.precompress ? pickEncoding(request.headers['accept-encoding']) : null;
  const size = response.bytes?.length ?? Buffer.byteLength(response.body);
  const encoding = wanted !== null && size >= compressFrom ? wanted : null;
  const etag = encoding === null ? response.etag : `${response.etag.slice(0, -1)}-${encoding}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.code(response.status).type(response.type);
  if (encoding === null) return reply.send(response.bytes ?? response.body);
  return reply.header('content-encoding', encoding).send(encode(response, encoding));
}
