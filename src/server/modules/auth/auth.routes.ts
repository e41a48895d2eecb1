import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import {
  emailBodySchema,
  okResponseSchema,
  resetPasswordBodySchema,
  sessionResponseSchema,
  signInBodySchema,
  signUpBodySchema,
  tokenBodySchema,
} from '../../../shared/schemas/auth.ts';
import { type SignInResponse, signInResponseSchema } from '../../../shared/schemas/two-step.ts';
import type { AppDeps } from '../../deps.ts';
import { appUrlFor } from '../../lib/app-url.ts';
import {
  confirmEmail,
  forgotPassword,
  type RequestMeta,
  resendConfirmation,
  resetPassword,
  sessionResponseFor,
  signIn,
  signUp,
} from './auth.service.ts';
import { clearSessionCookies, readAccessToken, readRefreshToken, setSessionCookies } from './auth-cookies.ts';
import type { SignInOutcome } from './second-step.ts';
import { currentUser, requireUser } from './session-hook.ts';
import { endSession, refreshSession, revokeSessionsOfUser, sessionExpired } from './sessions.service.ts';
import { redeemSignInLink, requestSignInLink } from './signin-link.service.ts';

export const requestMeta = (request: FastifyRequest, config: AppDeps['config']): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  log: request.log,
  appUrl: appUrlFor(config, request),
});

const ok = { ok: true as const };

/**
 * The answer of every way in: the session's cookies and the signed-in body, or, when two-step sign-in
 * is on, no cookies, nulls and the pending second step.
 */
async function answerSignIn(
  deps: AppDeps,
  reply: FastifyReply,
  outcome: SignInOutcome,
): Promise<SignInResponse> {
  if (outcome.secondStep) return { user: null, profile: null, secondStep: outcome.secondStep };
  setSessionCookies(reply, deps.config, outcome.tokens, deps.now());
  return sessionResponseFor(deps, outcome.identity);
}
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };

/**
 * /api/auth/*: sign-up, confirmation, sign-in, refresh, sign-out, password reset. Session tokens
 * travel only in httpOnly cookies (auth-cookies.ts); no response body ever carries one. (The second
 * step's pending token does: it alone opens nothing, second-step.ts.)
 */
export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Session state must never be cached by a browser or a proxy.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/api/auth/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user and profile, or nulls',
          description: 'user is null when the request carries no valid access token (then try refresh).',
          response: { 200: sessionResponseSchema },
        },
      },
      async (request) => sessionResponseFor(deps, request.auth),
    );

    app.post(
      '/api/auth/signup',
      {
        schema: {
          tags: ['auth'],
          summary: 'Create an account and mail the confirmation link',
          description: 'Answers 202 alike whether or not the address already has an account.',
          body: signUpBodySchema,
          response: { 202: okResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await signUp(deps, request.body, requestMeta(request, deps.config));
        return reply.code(202).send(ok);
      },
    );

    app.post(
      '/api/auth/resend-confirmation',
      {
        schema: {
          tags: ['auth'],
          summary: 'Mail a new confirmation link to an unconfirmed account',
          body: emailBodySchema,
          response: { 202: okResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await resendConfirmation(deps, request.body.email, requestMeta(request, deps.config));
        return reply.code(202).send(ok);
      },
    );

    app.post(
      '/api/auth/confirm-email',
      {
        schema: {
          tags: ['auth'],
          summary: 'Confirm the address from the mailed link; signs in on this browser',
          body: tokenBodySchema,
          response: { 200: signInResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const outcome = await confirmEmail(deps, request.body.token, requestMeta(request, deps.config));
        return answerSignIn(deps, reply, outcome);
      },
    );

    app.post(
      '/api/auth/signin',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with e-mail and password',
          description:
            'With two-step sign-in on, a right password sets no cookies: user is null and secondStep ' +
            'holds the pending token for POST /api/auth/second-step.',
          body: signInBodySchema,
          response: { 200: signInResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const outcome = await signIn(deps, request.body, requestMeta(request, deps.config));
        return answerSignIn(deps, reply, outcome);
      },
    );

    app.post(
      '/api/auth/signin-link',
      {
        schema: {
          tags: ['auth'],
          summary: 'Mail a one-time sign-in link (valid 15 minutes)',
          description:
            'Offered when sign-in answers 429: the owner gets in even while strangers hold the password ' +
            'locked. Answers 202 alike whether or not the address has an account.',
          body: emailBodySchema,
          response: { 202: okResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requestSignInLink(deps, request.body.email, requestMeta(request, deps.config));
        return reply.code(202).send(ok);
      },
    );

    app.post(
      '/api/auth/signin-link/redeem',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with a mailed sign-in link; it works once',
          description:
            'With two-step sign-in on, it answers secondStep instead of a session, as sign-in does.',
          body: tokenBodySchema,
          response: { 200: signInResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const outcome = await redeemSignInLink(deps, request.body.token, requestMeta(request, deps.config));
        return answerSignIn(deps, reply, outcome);
      },
    );

    app.post(
      '/api/auth/refresh',
      {
        schema: {
          tags: ['auth'],
          summary: 'Rotate the refresh cookie and issue a new access cookie',
          response: { 200: sessionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const token = readRefreshToken(request);
        try {
          if (!token) throw sessionExpired();
          const outcome = await refreshSession(deps, token, request.log);
          if (outcome.kind === 'rotated') setSessionCookies(reply, deps.config, outcome.tokens, deps.now());
          return sessionResponseFor(deps, outcome.identity);
        } catch (error) {
          // A dead session's cookies are of no further use; drop them so the browser stops sending them.
          clearSessionCookies(reply, deps.config);
          throw error;
        }
      },
    );

    app.post(
      '/api/auth/signout',
      {
        schema: {
          tags: ['auth'],
          summary: "End this browser's session",
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const sessionId = await endSession(deps, {
          accessToken: readAccessToken(request)?.token,
          refreshToken: readRefreshToken(request),
        });
        if (sessionId) request.log.info({ event: 'auth.signout', sessionId }, 'signed out');
        clearSessionCookies(reply, deps.config);
        return ok;
      },
    );

    app.post(
      '/api/auth/signout-all',
      {
        preHandler: requireUser,
        schema: {
          tags: ['auth'],
          summary: 'End every session of the signed-in user, on every device',
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = currentUser(request);
        const ended = await revokeSessionsOfUser(deps, userId);
        request.log.info(
          { event: 'auth.signout_all', userId, sessionsEnded: ended },
          'signed out everywhere',
        );
        clearSessionCookies(reply, deps.config);
        return ok;
      },
    );

    app.post(
      '/api/auth/forgot-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Mail a password reset link',
          description: 'Answers 202 alike whether or not the address has an account.',
          body: emailBodySchema,
          response: { 202: okResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await forgotPassword(deps, request.body.email, requestMeta(request, deps.config));
        return reply.code(202).send(ok);
      },
    );

    app.post(
      '/api/auth/reset-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password from the mailed link; ends every session of the user',
          body: resetPasswordBodySchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await resetPassword(deps, request.body, requestMeta(request, deps.config));
        return ok;
      },
    );
  };
}
