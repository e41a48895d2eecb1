import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages.ts';
import { AppError } from '../app-error.ts';

/**
 * JSON bodies must be UTF-8 (RFC 8259). Fastify's own parser decodes whatever bytes came, turning every
 * invalid sequence into U+FFFD, which would then be stored as if the client had sent it. This parser
 * refuses them with a 400 in the app's error shape, then parses as Fastify does (its parser, with its
 * guard against `__proto__` and `constructor` keys). Plugins that read their body otherwise (the import,
 * the billing webhook) replace it in their own scope.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    // parseAs 'buffer' hands a Buffer; the type also allows the string other parsers get.
    if (typeof body === 'string') return parseJson(request, body, done);
    if (!isUtf8(body))
      return done(new AppError('validation_failed', 400, messages.api.invalidUtf8), undefined);
    parseJson(request, body.toString('utf8'), done);
  });
}
