import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  okResponseSchema,
  reauthBodySchema,
  sessionResponseSchema,
  timeZoneBodySchema,
  tokenBodySchema,
} from '../../../shared/schemas/auth.ts';
import type { AppDeps } from '../../deps.ts';
import {
  changePassword,
  changeTimeZone,
  confirmEmailChange,
  confirmPassword,
  deleteAccount,
  requestEmailChange,
} from './account.service.ts';
import { requestMeta } from './auth.routes.ts';
import { sessionResponseFor } from './auth.service.ts';
import { clearSessionCookies } from './auth-cookies.ts';
import { currentUser, requireUser } from './session-hook.ts';

const ok = { ok: true as const };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };

/** /api/account/*: the Account tab of the settings panel. Every route acts on the signed-in user only. */
export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.put(
      '/api/account/password',
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'Change the password (needs the current one); ends the other sessions',
          body: changePasswordBodySchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await changePassword(deps, currentUser(request), request.body, requestMeta(request, deps.config));
        return ok;
      },
    );

    app.put(
      '/api/account/email',
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'Mail a link to the new address; the address changes when it is opened',
          description:
            'Answers 202 alike when the new address belongs to another account (then mails nothing).',
          body: changeEmailBodySchema,
          response: { 202: okResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requestEmailChange(deps, currentUser(request), request.body, requestMeta(request, deps.config));
        return reply.code(202).send(ok);
      },
    );

    app.post(
      '/api/account/confirm-email-change',
      {
        schema: {
          tags: ['account'],
          summary: 'Apply an e-mail change from the mailed link',
          description:
            "Answers this browser's session: with the new address when it is signed in as that user, " +
            'user null when it is not signed in (the link does not sign anyone in). Every other session ' +
            'of the account ends, and every other mailed link of it stops working.',
          body: tokenBodySchema,
          response: { 200: sessionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const auth = request.auth;
        const changed = await confirmEmailChange(
          deps,
          request.body.token,
          requestMeta(request, deps.config),
          auth?.sessionId,
        );
        if (auth && auth.userId === changed.userId) return sessionResponseFor(deps, changed);
        return sessionResponseFor(deps, auth);
      },
    );

    app.put(
      '/api/account/time-zone',
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'Set the account\'s time zone: tasks\' due times and "today" are read in it',
          body: timeZoneBodySchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await changeTimeZone(deps, currentUser(request).userId, request.body.timeZone);
        return ok;
      },
    );

    app.post(
      '/api/account/reauth',
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'Confirm the password on this session ("Confirm it\'s you")',
          description:
            'For five minutes afterwards this session may do what needs re-authentication (deleting the ' +
            'account); without it those answer 403 `reauth_required`. Limited per user like every password check.',
          body: reauthBodySchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await confirmPassword(deps, currentUser(request), request.body.password);
        return ok;
      },
    );

    app.delete(
      '/api/account',
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'Delete the account and every row of its data; signs out',
          description:
            'Needs a password confirmed on this session within five minutes (POST /api/account/reauth), else 403 `reauth_required`.',
          body: deleteAccountBodySchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await deleteAccount(deps, currentUser(request), requestMeta(request, deps.config));
        clearSessionCookies(reply, deps.config);
        return ok;
      },
    );
  };
}
