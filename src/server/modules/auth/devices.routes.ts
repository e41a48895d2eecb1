import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import {
  deviceParamsSchema,
  devicesResponseSchema,
  newSignInMailBodySchema,
} from '../../../shared/schemas/devices.ts';
import type { AppDeps } from '../../deps.ts';
import { changeNewSignInMail, listDevices, signOutDevice } from './devices.service.ts';
import { currentUser, requireUser } from './session-hook.ts';

const ok = { ok: true as const };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** /api/account/devices: Settings → Account's list of signed-in devices and the new-sign-in mail. */
export function devicesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/api/account/devices',
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'The signed-in devices (open sessions) of the account, this one marked',
          response: { 200: devicesResponseSchema, ...errors },
        },
      },
      (request) => listDevices(deps, currentUser(request)),
    );

    app.delete(
      '/api/account/devices/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'Sign one device out at once, on every instance',
          params: deviceParamsSchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await signOutDevice(deps, currentUser(request), request.params.id);
        return ok;
      },
    );

    app.put(
      '/api/account/new-sign-in-mail',
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'Turn the "New sign-in" e-mail on or off',
          body: newSignInMailBodySchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await changeNewSignInMail(deps, currentUser(request), request.body.enabled);
        return ok;
      },
    );
  };
}
