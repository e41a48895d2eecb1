import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import {
  enableTwoStepBodySchema,
  recoveryCodesSchema,
  secondStepBodySchema,
  secondStepResponseSchema,
  twoStepSetupSchema,
  twoStepStatusSchema,
} from '../../../shared/schemas/two-step.ts';
import type { AppDeps } from '../../deps.ts';
import { requestMeta } from './auth.routes.ts';
import { sessionResponseFor } from './auth.service.ts';
import { setSessionCookies } from './auth-cookies.ts';
import { completeWithCode } from './second-step.service.ts';
import { currentUser, requireUser } from './session-hook.ts';
import { enable, regenerateRecoveryCodes, startSetup, turnOff, twoStepStatus } from './two-step.service.ts';

const ok = { ok: true as const };
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

/**
 * Two-step sign-in: its settings under /api/account/two-step (Settings → Account) and the sign-in's
 * second step, POST /api/auth/second-step. Secrets and recovery codes are answered once, never cached.
 */
export function twoStepRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/api/auth/second-step',
      {
        schema: {
          tags: ['auth'],
          summary: 'Complete a sign-in that needs a second step: an authenticator code or a recovery code',
          description:
            'pendingToken comes from the sign-in answer (5 minutes, single use). Wrong codes are limited ' +
            'per pending token and per account (429). After a recovery code, recoveryCodesRemaining says ' +
            'how many are left.',
          body: secondStepBodySchema,
          response: { 200: secondStepResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { identity, tokens, recoveryCodesRemaining } = await completeWithCode(
          deps,
          request.body,
          requestMeta(request, deps.config),
        );
        setSessionCookies(reply, deps.config, tokens, deps.now());
        return { ...(await sessionResponseFor(deps, identity)), recoveryCodesRemaining };
      },
    );

    app.get(
      '/api/account/two-step',
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'Whether two-step sign-in is on, and how many recovery codes are left',
          response: { 200: twoStepStatusSchema, ...errors },
        },
      },
      (request) => twoStepStatus(deps, currentUser(request)),
    );

    app.post(
      '/api/account/two-step/setup',
      {
        preHandler: requireUser,
        // The answer is a secret shown once: never kept as an idempotent answer (idempotency-keys.ts).
        config: { idempotency: 'never-stored' },
        schema: {
          tags: ['account'],
          summary: 'Start turning on two-step sign-in: a new secret as a QR code and as text',
          description: 'Needs the password confirmed on this session (POST /api/account/reauth) first.',
          response: { 200: twoStepSetupSchema, ...errors },
        },
      },
      (request) => startSetup(deps, currentUser(request)),
    );

    app.post(
      '/api/account/two-step/enable',
      {
        preHandler: requireUser,
        // The answer is a secret shown once: never kept as an idempotent answer (idempotency-keys.ts).
        config: { idempotency: 'never-stored' },
        schema: {
          tags: ['account'],
          summary: 'Turn two-step sign-in on with a code from the app; answers ten recovery codes, once',
          body: enableTwoStepBodySchema,
          response: { 200: recoveryCodesSchema, ...errors },
        },
      },
      (request) => enable(deps, currentUser(request), request.body.code, request.log),
    );

    app.post(
      '/api/account/two-step/recovery-codes',
      {
        preHandler: requireUser,
        // The answer is a secret shown once: never kept as an idempotent answer (idempotency-keys.ts).
        config: { idempotency: 'never-stored' },
        schema: {
          tags: ['account'],
          summary: 'Ten new recovery codes; the earlier ones stop working',
          description: 'Needs the password confirmed on this session (POST /api/account/reauth) first.',
          response: { 200: recoveryCodesSchema, ...errors },
        },
      },
      (request) => regenerateRecoveryCodes(deps, currentUser(request), request.log),
    );

    app.delete(
      '/api/account/two-step',
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'Turn two-step sign-in off',
          description: 'Needs the password confirmed on this session (POST /api/account/reauth) first.',
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await turnOff(deps, currentUser(request), request.log);
        return ok;
      },
    );
  };
}
