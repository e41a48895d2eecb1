import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../auth/index.ts';
import { keptRange } from './live.repo.ts';
import { LiveStream } from './live-stream.ts';

const tags = ['live'];

/** How long a browser waits before reconnecting after the stream broke (SSE `retry`). */
const retryMs = 3000;

/** A Last-Event-ID we sent: 0 (none yet) or a positive integer; anything else is as if none was sent. */
const lastEventIdSchema = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,15})$/)
  .transform(Number);

/** /api/events: the signed-in user's changes, as Server-Sent Events. */
export function liveRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/events',
      {
        schema: {
          tags,
          summary: "A stream of the user's changes made elsewhere (Server-Sent Events)",
          description:
            '`text/event-stream`, open until the session ends. Each write to notebooks, sections, pages, ' +
            'lists, categories, tasks, subtasks or labels is an event `change` whose data is ' +
            '`{ resource, action, id?, version?, updatedAt?, origin }` (no text: refetch what you show) ' +
            'and whose id grows with every event. `origin` is the `X-Client-Id` header of the request that ' +
            'made the change, so a tab can ignore its own. The first event, `ready`, carries the current ' +
            'id. Reconnecting with `Last-Event-ID` sends what was missed; when that id is older than what ' +
            'is kept (an hour) an event `reset` asks to refetch everything. A comment `: ping` every 25 s ' +
            'keeps proxies from closing it; a signed-out, revoked or expired session ends it.',
          headers: z.object({ 'last-event-id': z.string().optional() }),
          // A new EventSource cannot set the header: the web client reopening after a refusal says it here.
          querystring: z.object({ lastEventId: z.string().optional() }),
          response: {
            // Written by hand on the hijacked socket (below); described here for the document.
            200: {
              description: 'The event stream, open until the session ends',
              content: { 'text/event-stream': { schema: z.string().describe('Server-Sent Events') } },
            },
            401: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const identity = currentUser(request);
        const db = deps.database.db;
        const asked = lastEventIdSchema.safeParse(
          request.headers['last-event-id'] ?? request.query.lastEventId,
        );
        const range = await keptRange(db);
        const newest = range?.newest ?? 0;
        // Too old: something after it was pruned. Ahead of the newest: not an id of this database.
        const tooOld =
          asked.success && (asked.data > newest || (range !== null && asked.data + 1 < range.oldest));
        const from = asked.success && !tooOld ? asked.data : newest;

        // From here on the socket is ours: Fastify sends nothing (no compression, which would buffer).
        reply.hijack();
        const res = reply.raw;
        // The headers hooks set so far (request id, instance, security headers) go out with ours.
        const set = Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined);
        res.writeHead(200, {
          ...(Object.fromEntries(set) as Record<string, string | number | string[]>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store, no-transform',
          // nginx: pass each event on at once instead of buffering the answer.
          'x-accel-buffering': 'no',
        });
        res.socket?.setNoDelay(true);
        const stream = new LiveStream(deps, deps.context.live, res, identity, from);
        const head = tooOld ? 'reset' : 'ready';
        await stream.send(`retry: ${retryMs}\nid: ${from}\nevent: ${head}\ndata: {}\n\n`);
        // What was missed, and whatever landed between reading the range and joining the hub.
        stream.pump();
      },
    );
  };
}
