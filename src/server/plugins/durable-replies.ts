import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GroupCommit } from '../db/group-commit.ts';
import { writeMethods } from '../http-methods.ts';

/**
 * With group commit (db/group-commit.ts), no answer to a write leaves before the writes made while its
 * request was in flight are on disk: a POST, PUT, PATCH or DELETE that saw the write count move waits for
 * the shared sync (it may wait for another request's write too, never less than its own). The API writes
 * only through those methods (http-methods.ts), so reads never wait, not even when the background search
 * indexer or a job wrote meanwhile: a read waiting for those put a search right after a burst of saves at
 * p95 35 ms instead of 7. If the disk refuses the sync, the reply is a 500, never a success.
 */
export function registerDurableReplies(app: FastifyInstance, groupCommit: GroupCommit): void {
  const writesAtStart = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', async (request) => {
    if (writeMethods.has(request.method)) writesAtStart.set(request, groupCommit.writes());
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const before = writesAtStart.get(request);
    if (before === undefined || groupCommit.writes() === before) return payload;
    // A failed sync becomes the request's error (a 500); that error reply does not try the disk again.
    writesAtStart.delete(request);
    await groupCommit.sync();
    return payload;
  });
}
