import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request instead of Fastify's two ('incoming request' + 'request completed'): half the
 * logging work on every request, the same information. Errors keep Fastify's own error-level line.
 * With `requests: false` (a terminal, logger.ts logsRequests) only those error lines are written.
 */
export class OneLineRequestLog extends LogController {
  readonly #requests: boolean;

  constructor(options: { requests: boolean } = { requests: true }) {
    super();
    this.#requests = options.requests;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (!this.#requests) return;
    reply.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
  }
}
