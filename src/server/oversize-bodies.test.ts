import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strongPassword, uniqueEmail } from './test/auth-helpers.ts';
import { testEngines } from './test/engines.ts';
import { type RealServer, realServerStorage, startRealServer } from './test/real-server.ts';
import { type SmtpSink, startSmtpSink } from './test/smtp-sink.ts';

/**
 * No request stops the process. Behind a proxy (TRUST_PROXY=loopback, as deploy/env.example ships), a
 * gzip body that inflates past the import's 50 MB, or a chunked one over 50 MB, used to end with the
 * upload stream destroyed (and the socket with it) and the request log reading the client address from
 * a socket that was gone: a TypeError nothing caught, and the server exited. A real listening server in
 * its own process: only a real socket is torn down this way, and only a process can be seen to exit.
 */

const MB = 1024 * 1024;
/** About 300 KB on the wire, 300 MB of JSON whitespace inflated: ten-megabyte gzip members, concatenated (still one gzip body). */
const gzipBomb = Buffer.concat(Array.from({ length: 30 }, () => gzipSync(Buffer.alloc(10 * MB, 0x20))));
const chunkedBytes = 51 * MB;

type Outcome = number | 'no answer';

/**
 * Sends one body and resolves with the answer's status. The chunked body is written until the server
 * answers (it stops reading at its limit and closes the connection), so a refused upload is not sent
 * whole. A connection closed without an answer is 'no answer' (the server may reset a connection it
 * closes with unread bytes).
 */
function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: 'gzip' | 'chunked',
): Promise<Outcome> {
  return new Promise((resolve) => {
    let answered = false;
    const req = request(
      url,
      {
        method,
        agent: false,
        headers: {
          ...headers,
          'content-type': 'application/json',
          ...(body === 'gzip'
            ? { 'content-encoding': 'gzip', 'content-length': String(gzipBomb.length) }
            : {}),
        },
      },
      (res) => {
        answered = true;
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', () => {
      if (!answered) resolve('no answer');
    });
    req.on('close', () => {
      if (!answered) resolve('no answer');
    });
    if (body === 'gzip') {
      req.end(gzipBomb);
      return;
    }
    const chunk = Buffer.alloc(MB, 0x20);
    let written = 0;
    const write = () => {
      while (!answered && !req.destroyed && written < chunkedBytes) {
        written += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', write);
          return;
        }
      }
      if (!answered && !req.destroyed) req.end();
    };
    write();
  });
}

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

describe.each(testEngines)('over-size request bodies on a real server (%s)', (engine) => {
  let sink: SmtpSink;
  let storage: Awaited<ReturnType<typeof realServerStorage>>;
  let server: RealServer;
  let bearer: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    storage = await realServerStorage(engine);
    server = await startRealServer({ ...storage.env, TRUST_PROXY: 'loopback', SMTP_URL: sink.url });
    const email = uniqueEmail('oversize');
    const json = { 'content-type': 'application/json' };
    const signUp = await fetch(`${server.baseURL}/api/auth/signup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: strongPassword, confirmPassword: strongPassword }),
    });
    expect(signUp.status).toBe(202);
    const mail = await sink.waitFor((m) => m.to.includes(email), 30_000);
    const token = /\/auth\/callback\?token=([\w-]+)/.exec(mail.text)?.[1];
    const confirmed = await fetch(`${server.baseURL}/api/auth/confirm-email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token }),
    });
    expect(confirmed.status).toBe(200);
    const access = confirmed.headers.getSetCookie().find((cookie) => cookie.startsWith('jl_access='));
    bearer = `Bearer ${access?.split(';')[0]?.slice('jl_access='.length)}`;
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
    await sink?.close();
  });

  it('answers a gzip bomb and a chunked 51 MB body on every route that takes a body, and keeps running', async () => {
    const document = (await (await fetch(`${server.baseURL}/api/openapi.json`)).json()) as OpenApiDocument;
    const routes: Array<{ method: string; path: string }> = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const method of ['post', 'put', 'patch'].filter((m) => m in methods)) {
        routes.push({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, randomUUID()) });
      }
    }
    // The import reads its upload itself, two ways: as it arrives (dry run) and spooled to a file.
    expect(routes).toContainEqual({ method: 'POST', path: '/api/backup/import' });
    routes.push({ method: 'POST', path: '/api/backup/import?dryRun=true' });

    const failures: string[] = [];
    const outcomes: Record<string, Outcome> = {};
    const exited = () => server.child.exitCode !== null || server.child.signalCode !== null;
    for (const { method, path } of routes) {
      for (const body of ['gzip', 'chunked'] as const) {
        const label = `${body} ${method} ${path}`;
        const outcome = await send(method, `${server.baseURL}${path}`, { authorization: bearer }, body);
        outcomes[label] = outcome;
        if (typeof outcome === 'number' && outcome >= 500) failures.push(`${label}: ${outcome}`);
        if (exited()) break;
      }
      if (exited()) {
        failures.push(`the server exited:\n${server.output().slice(-2_000)}`);
        break;
      }
    }
    console.log(
      `over-size bodies on ${engine}: ${Object.keys(outcomes).length} requests, ` +
        `${Object.values(outcomes).filter((o) => o === 413).length} answered 413`,
    );

    expect(failures, failures.join('\n')).toEqual([]);
    const health = await fetch(`${server.baseURL}/api/health`);
    expect(health.status).toBe(200);
    expect(server.output()).not.toContain('TypeError');
  }, 180_000);
});
