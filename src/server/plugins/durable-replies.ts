import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GroupCommit } from '../db/group-commit.ts';

/**
 * With group commit (db/group-commit.ts), no response leaves before the writes made while its request
 * was in flight are on disk: a request that saw the write count move waits for the shared sync. That
 * covers every write a handler makes, whatever the method (an OAuth callback is a GET that writes), and
 * may make a reply wait for another request's write, never the reverse. A request that saw no write
 * (most reads) does not wait. If the disk refuses the sync, the reply is a 500, never a success.
 */
export function registerDurableReplies(app: FastifyInstance, groupCommit: GroupCommit): void {
  const writesAtStart = new WeakMap<FastifyRequest, number>();
  // A failed sync becomes the request's error (a 500); that error reply does not try the disk again.
  const failed = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request) => {
    writesAtStart.set(request, groupCommit.writes());
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (failed.has(request) || groupCommit.writes() === writesAtStart.get(request)) return payload;
    try {
      await groupCommit.sync();
    } catch (error) {
      failed.add(request);
      throw error;
    }
    return payload;
  });
}
