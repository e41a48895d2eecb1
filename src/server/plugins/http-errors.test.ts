import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { testEngines } from '../test/engines.ts';
import { buildTestApp, type TestContext } from '../test/test-app.ts';
import { requestTimeoutMs } from './http-errors.ts';

/**
 * Sends raw bytes to a listening server and resolves with everything it answers before closing: Node's
 * HTTP parser refuses some requests before Fastify sees them, which inject() cannot show.
 */
function rawExchange(port: number, bytes: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', (error) => {
      if (!answer) reject(error);
    });
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: body ? JSON.parse(body) : undefined });
    });
    socket.write(bytes);
  });
}

const portOf = (ctx: TestContext) => {
  const address = ctx.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

describe.each(testEngines)('answers of the HTTP layer on a listening server (%s)', (engine) => {
  let ctx: TestContext;
  /** The same app with a request timeout short enough to wait for. */
  let impatient: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    impatient = await buildTestApp(engine, {}, { requestTimeoutMs: 300 });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    await impatient.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await ctx.close();
    await impatient.close();
  });

  it('answers headers over 16 KB with 431 in the app error shape', async () => {
    const res = await rawExchange(
      portOf(ctx),
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(res).toEqual({
      status: 431,
      body: { error: { code: 'headers_too_large', message: messages.api.headersTooLarge } },
    });
  });

  it('answers an address whose parameter is too long with 414 in the app error shape', async () => {
    const res = await fetch(`http://127.0.0.1:${portOf(ctx)}/api/notes/${'a'.repeat(200)}`);
    expect(res.status).toBe(414);
    expect(await res.json()).toEqual({ error: { code: 'uri_too_long', message: messages.api.uriTooLong } });
  });

  it('answers a request line the parser cannot read with 400 in the app error shape', async () => {
    const res = await rawExchange(portOf(ctx), 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(res).toEqual({
      status: 400,
      body: { error: { code: 'validation_failed', message: messages.api.badRequest } },
    });
  });

  it('gives a whole request 60 s to arrive, and answers a slower one 408 in the app error shape', async () => {
    expect(requestTimeoutMs).toBe(60_000);
    expect(ctx.app.server.requestTimeout).toBe(requestTimeoutMs);
    // The same path with a shorter limit: a body that stops half-way is cut off, not waited for.
    expect(impatient.app.server.requestTimeout).toBe(300);
    const res = await rawExchange(
      portOf(impatient),
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"name":',
    );
    expect(res).toEqual({
      status: 408,
      body: { error: { code: 'request_timeout', message: messages.api.requestTimeout } },
    });
  });
});
