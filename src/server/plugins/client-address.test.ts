import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerClientAddress } from './client-address.ts';

/**
 * The client address outlives the socket: read after the connection is gone (the request log runs when
 * the answer has finished, a connection closed after a refused upload has no socket), it is still the
 * address the request came from, through a trusted proxy too.
 */
describe('the client address', () => {
  it('is the one read at the start of the request, after the socket is gone', async () => {
    const app = Fastify({ trustProxy: ['loopback'] });
    registerClientAddress(app);
    app.get('/ip', async (request) => {
      // What Node leaves once a request's connection has been torn down.
      Object.defineProperty(request.raw, 'socket', { value: null });
      return { ip: request.ip };
    });
    const res = await app.inject({
      method: 'GET',
      url: '/ip',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ip: '203.0.113.9' });
    await app.close();
  });
});
