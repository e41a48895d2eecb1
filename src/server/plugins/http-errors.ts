import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyReply } from 'fastify';
import type { ErrorBody, ErrorCode } from '../../shared/errors.ts';
import { messages } from '../../shared/messages.ts';

/**
 * How long a client may take to send a whole request, headers and body (Node's `requestTimeout`; Fastify
 * leaves it off). A slow body holds a connection and, for an upload, a file; a person's 50 MB import
 * arrives well within it on any connection that can use the app.
 */
export const requestTimeoutMs = 60_000;

const m = messages.api;
const errorJson = (code: ErrorCode, message: string) =>
  JSON.stringify({ error: { code, message } } satisfies ErrorBody);

/**
 * The HTTP server's side of the app's options: the request timeout (and how often Node checks it: its
 * default, every 30 s, would let a 60 s timeout run to 90 s), and the answers to what fails before a
 * route is found, in the app's error shape `{ error: { code, message } }` like every other answer.
 * `timeoutMs` is for tests, which cannot wait a minute.
 */
export function httpServerOptions(timeoutMs = requestTimeoutMs) {
  return {
    // Given to Node when the server is made: set afterwards (all Fastify's own option does), Node 24
    // applies it to the headers only and never cuts off a slow body. Fastify's is set too, or it would
    // reset Node's to 0.
    requestTimeout: timeoutMs,
    http: {
      requestTimeout: timeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(timeoutMs / 6)),
    },
    clientErrorHandler,
    frameworkErrors,
  };
}

/**
 * Errors of Node's HTTP parser, before Fastify sees a request: headers (the request line included) over
 * Node's 16 KB are 431, a request not received within the timeout 408, anything unreadable 400. The
 * socket holds no request to answer through, so the answer is written as bytes, then the connection is
 * closed (what Fastify's own handler does, in its own shape).
 */
function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  // A connection reset or already closed: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, json] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, errorJson('headers_too_large', m.headersTooLarge)]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, errorJson('request_timeout', m.requestTimeout)]
        : [400, errorJson('validation_failed', m.badRequest)];
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

/** Router errors, before any route runs: a path parameter over 100 characters (414), a malformed URL. */
function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const [status, json] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, errorJson('uri_too_long', m.uriTooLong)]
      : [400, errorJson('validation_failed', m.badUrl)];
  reply.code(status).type('application/json; charset=utf-8').send(json);
}
