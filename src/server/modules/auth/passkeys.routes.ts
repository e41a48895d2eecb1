import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import { okResponseSchema, sessionResponseSchema } from '../../../shared/schemas/auth.ts';
import {
  addPasskeyBodySchema,
  authenticationOptionsSchema,
  passkeyParamsSchema,
  passkeyReauthBodySchema,
  passkeySignInBodySchema,
  passkeysResponseSchema,
  registrationOptionsSchema,
} from '../../../shared/schemas/passkeys.ts';
import type { AppDeps } from '../../deps.ts';
import { requestMeta } from './auth.routes.ts';
import { sessionResponseFor } from './auth.service.ts';
import { setSessionCookies } from './auth-cookies.ts';
import {
  addPasskey,
  listPasskeys,
  passkeyReauthOptions,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  reauthenticateWithPasskey,
  removePasskey,
  signInWithPasskey,
} from './passkeys.service.ts';
import { currentUser, requireUser } from './session-hook.ts';

const ok = { ok: true as const };
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

/**
 * Passkeys (docs/accounts.md): Settings → Account's list, sign-in without an e-mail, and "Confirm it's
 * you" with a passkey. Outside the guarded scope on purpose: a read-only account signs in and manages
 * its passkeys too (security is not a paid feature).
 */
export function passkeysRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/api/account/passkeys',
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: "The account's passkeys: name, created, last used",
          response: { 200: passkeysResponseSchema, ...errors },
        },
      },
      (request) => listPasskeys(deps, currentUser(request)),
    );

    app.post(
      '/api/account/passkeys/options',
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'WebAuthn options for adding a passkey (a challenge valid five minutes, once)',
          response: { 200: registrationOptionsSchema, ...errors },
        },
      },
      (request) => passkeyRegistrationOptions(deps, currentUser(request), requestMeta(request, deps.config)),
    );

    app.post(
      '/api/account/passkeys',
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: "Add a passkey: the browser's answer to the options, and its name",
          body: addPasskeyBodySchema,
          response: { 201: okResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await addPasskey(deps, currentUser(request), request.body, requestMeta(request, deps.config));
        return reply.code(201).send(ok);
      },
    );

    app.delete(
      '/api/account/passkeys/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'Remove a passkey',
          description:
            'Needs a re-authentication on this session within five minutes, else 403 `reauth_required`.',
          params: passkeyParamsSchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        const meta = requestMeta(request, deps.config);
        await removePasskey(deps, currentUser(request), request.params.id, meta);
        return ok;
      },
    );

    app.post(
      '/api/auth/passkey/options',
      {
        schema: {
          tags: ['auth'],
          summary: 'WebAuthn options for signing in with a passkey (no e-mail: discoverable credentials)',
          response: { 200: authenticationOptionsSchema, ...errors },
        },
      },
      (request) => passkeySignInOptions(deps, requestMeta(request, deps.config)),
    );

    app.post(
      '/api/auth/passkey/signin',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with a passkey; starts a session as the password does',
          description: 'Any failed check answers 400 `passkey_refused` and starts nothing.',
          body: passkeySignInBodySchema,
          response: { 200: sessionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { identity, tokens } = await signInWithPasskey(
          deps,
          request.body,
          requestMeta(request, deps.config),
        );
        setSessionCookies(reply, deps.config, tokens, deps.now());
        return sessionResponseFor(deps, identity);
      },
    );

    app.post(
      '/api/account/reauth/passkey/options',
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: "WebAuthn options for confirming it's you with one of the account's passkeys",
          response: { 200: authenticationOptionsSchema, ...errors },
        },
      },
      (request) => passkeyReauthOptions(deps, currentUser(request), requestMeta(request, deps.config)),
    );

    app.post(
      '/api/account/reauth/passkey',
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: "Confirm it's you with one of the account's own passkeys (as POST /api/account/reauth)",
          body: passkeyReauthBodySchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        const meta = requestMeta(request, deps.config);
        await reauthenticateWithPasskey(deps, currentUser(request), request.body.response, meta);
        return ok;
      },
    );
  };
}
