import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '../../shared/errors.ts';

export const readErrors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema } as const;
export const writeErrors = { ...readErrors, 403: errorBodySchema } as const;
/** A create: its body may carry the new row's id, and one already in use is 409 `id_taken`. */
export const createErrors = { ...writeErrors, 409: errorBodySchema } as const;

/** 204 answers: documented as an empty body. */
export const noContent = z.null().describe('No content');

/** Private data: no shared cache or back/forward cache may keep it. */
export function noStore(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}
