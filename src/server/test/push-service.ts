import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** One browser's subscription on the test push service, with the keys to read what it receives. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** What the push service answers this subscription's pushes (201; 410 = the browser dropped it). */
  status: number;
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted body, JSON-parsed. */
  payload: unknown;
  headers: IncomingMessage['headers'];
  /** The VAPID public key the JWT was verified with. */
  vapidKey: string;
}

export interface TestPushService {
  origin: string;
  received: ReceivedPush[];
  /** Requests refused because the VAPID JWT or the encryption did not check out (each with the reason). */
  rejected: string[];
  subscribe(): TestSubscription;
  close(): Promise<void>;
}

const jwk = (publicKey: Buffer) => ({
  kty: 'EC',
  crv: 'P-256',
  x: publicKey.subarray(1, 33).toString('base64url'),
  y: publicKey.subarray(33, 65).toString('base64url'),
});

/** Checks `Authorization: vapid t=<jwt>, k=<key>` as a push service would (RFC 8292); the reason if not. */
function checkVapid(header: string | undefined, origin: string): { key: string } | { problem: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return { problem: `no vapid authorization: ${header}` };
  const [, jwt = '', key = ''] = match;
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const publicKey = createPublicKey({ key: jwk(Buffer.from(key, 'base64url')), format: 'jwk' });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return { problem: 'bad ES256 signature' };
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
  };
  if (JSON.parse(Buffer.from(head, 'base64url').toString('utf8')).alg !== 'ES256') return { problem: 'alg' };
  if (claims.aud !== origin) return { problem: `aud ${claims.aud} is not ${origin}` };
  if (!claims.exp || claims.exp * 1000 <= Date.now()) return { problem: 'expired JWT' };
  return { key };
}

/**
 * A Web Push service on loopback http: it verifies each push's VAPID JWT with the key it names and
 * decrypts the aes128gcm body with the subscription's private key and auth secret (RFC 8291), like a
 * browser's push service and the browser together would.
 */
export async function startTestPushService(): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const subscriptions = new Map<string, { sub: TestSubscription; ecdh: ReturnType<typeof createECDH> }>();
  let origin = '';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const found = subscriptions.get(request.url ?? '');
      if (!found) return response.writeHead(404).end();
      const vapid = checkVapid(request.headers.authorization, origin);
      if ('problem' in vapid) {
        rejected.push(vapid.problem);
        return response.writeHead(403).end();
      }
      if (found.sub.status >= 300) return response.writeHead(found.sub.status).end();
      try {
        const plain = decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: found.ecdh,
          authSecret: found.sub.keys.auth,
        });
        received.push({
          endpoint: found.sub.endpoint,
          payload: JSON.parse(plain.toString('utf8')),
          headers: request.headers,
          vapidKey: vapid.key,
        });
        response.writeHead(201).end();
      } catch (error) {
        rejected.push(`decrypt: ${(error as Error).message}`);
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    rejected,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const path = `/push/${randomBytes(8).toString('hex')}`;
      const sub: TestSubscription = {
        endpoint: `${origin}${path}`,
        keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
        status: 201,
      };
      subscriptions.set(path, { sub, ecdh });
      return sub;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
