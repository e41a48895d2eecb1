import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { calendarFeedSchema, updateCalendarFeedBodySchema } from '../../../shared/schemas/calendar-feed.ts';
import { notFound } from '../../app-error.ts';
import type { AppDeps } from '../../deps.ts';
import { noStore, readErrors, writeErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import {
  type Feed,
  feedByToken,
  getFeedSettings,
  regenerateFeed,
  updateFeedSettings,
} from './calendar-feed.service.ts';

const tags = ['calendar-feed'];

/**
 * /api/calendar-feed: the signed-in user's feed settings. Registered inside the guarded scope (app.ts).
 * The writes are `writeGuard: 'open'`: a read-only account may still turn its feed on, off or renew the
 * URL, because the feed only lets the owner read their own data elsewhere (like the export), changes none
 * of the workspace, and turning it off or renewing a leaked URL must never be blocked by an expired trial.
 */
export function calendarFeedSettingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);
    app.get(
      '/api/calendar-feed',
      {
        schema: {
          tags,
          summary:
            'The private calendar feed: on or off, its webcal:// URL, whether completed tasks are in it',
          response: { 200: calendarFeedSchema, ...readErrors },
        },
      },
      (request) => getFeedSettings(deps, currentUser(request).userId),
    );

    app.put(
      '/api/calendar-feed',
      {
        config: { writeGuard: 'open' },
        schema: {
          tags,
          summary:
            'Turn the feed on or off (off revokes the URL) and choose whether completed tasks are in it',
          body: updateCalendarFeedBodySchema,
          response: { 200: calendarFeedSchema, ...writeErrors },
        },
      },
      (request) => updateFeedSettings(deps, currentUser(request).userId, request.body),
    );

    app.post(
      '/api/calendar-feed/regenerate',
      {
        config: { writeGuard: 'open' },
        schema: {
          tags,
          summary: 'Replace the feed URL with a new one; the old URL answers 404 from then on',
          response: { 200: calendarFeedSchema, ...writeErrors },
        },
      },
      async (request) => {
        const feed = await regenerateFeed(deps, currentUser(request).userId);
        if (!feed) throw notFound(messages.api.notFound);
        return feed;
      },
    );
  };
}

/** Limits per client address; calendar apps poll about hourly, so this is far above honest use. */
export const feedRateLimit = { max: 120, timeWindow: '1 minute' };

/** A 304 when the client's copy is current: If-None-Match first; If-Modified-Since only without it. */
function isNotModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

async function sendFeed(reply: FastifyReply, request: FastifyRequest, feed: Feed) {
  reply
    .header('etag', feed.etag)
    .header('last-modified', feed.lastModified.toUTCString())
    // Private: the URL is a secret, no shared cache may keep the body; revalidate on each poll.
    .header('cache-control', 'private, no-cache')
    .header('x-robots-tag', 'noindex');
  if (isNotModified(request, feed.etag, feed.lastModified)) return reply.code(304).send();
  return reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', 'inline; filename="task-calendar.ics"')
    .send(await feed.body());
}

/**
 * GET /calendar/feed/<token>.ics: public (calendar apps have no session), found by the secret token only.
 * A malformed, unknown or revoked token answers the same plain 404 as any missing page.
 */
export function calendarFeedPublicRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/calendar/feed/:file',
      {
        config: { rateLimit: feedRateLimit },
        schema: {
          tags,
          summary: 'The private calendar feed (text/calendar); ETag and Last-Modified, 304 when unchanged',
          params: z.object({ file: z.string() }),
          response: {
            // The body is iCalendar text, not JSON; a 304 has no body at all (sendFeed).
            200: {
              description: 'The iCalendar file',
              content: { 'text/calendar': { schema: z.string().describe('iCalendar body') } },
            },
            304: z
              .null()
              .describe('Not modified: the copy named by If-None-Match or If-Modified-Since is current'),
            404: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : '';
        const feed = await feedByToken(deps, token);
        if (!feed) throw notFound(messages.api.notFound);
        return sendFeed(reply, request, feed);
      },
    );
  };
}
