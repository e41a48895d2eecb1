import type { FastifyInstance } from 'fastify';

/**
 * Reads the client's address once, as the request starts, and keeps it on the request. Fastify's `ip` is
 * a getter that asks the socket on every read (through proxy-addr when TRUST_PROXY is set), and a
 * request's socket is gone once the connection has closed: a client that hung up mid-upload, or a
 * connection closed after an over-size body. A read then throws, and in a response-finished callback
 * (the request log) nothing catches it: the process would exit. Every later reader (logs, rate-limit
 * keys, handlers) gets the captured value instead.
 */
export function registerClientAddress(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    Object.defineProperty(request, 'ip', { value: request.ip, enumerable: true });
    done();
  });
}
