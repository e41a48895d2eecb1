import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idempotencyReplayedHeader } from '../../../shared/schemas/idempotency.ts';
import { clientIdHeader, clientIdSchema, type LiveChange, liveChange } from '../../../shared/schemas/live.ts';
import type { AppDeps } from '../../deps.ts';
import { writeMethods } from '../../http-methods.ts';
import { insertEvent } from './live.repo.ts';

const idParams = z.object({ id: z.string() });

/** The fields of an answer worth passing on: a page's version and time, so a tab can compare. */
function versionOf(payload: unknown): Pick<LiveChange, 'version' | 'updatedAt'> {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return {};
  try {
    const body: unknown = JSON.parse(payload);
    if (typeof body !== 'object' || body === null) return {};
    const version = 'version' in body && typeof body.version === 'number' ? body.version : undefined;
    const updatedAt = 'updatedAt' in body && typeof body.updatedAt === 'string' ? body.updatedAt : undefined;
    return { ...(version !== undefined && { version }), ...(updatedAt !== undefined && { updatedAt }) };
  } catch {
    return {};
  }
}

function changeOf(request: FastifyRequest, statusCode: number, payload: unknown): LiveChange | null {
  if (!request.auth || !writeMethods.has(request.method) || statusCode >= 300) return null;
  // The route's pattern (`/api/notes/:id`), not the URL: its first segment names the resource.
  const [, api, segment, param] = (request.routeOptions.url ?? '').split('/');
  const resource = liveChange.shape.resource.safeParse(segment);
  if (api !== 'api' || !resource.success) return null;
  const params = idParams.safeParse(request.params);
  const id = param === ':id' && params.success ? params.data.id : undefined;
  const origin = clientIdSchema.safeParse(request.headers[clientIdHeader]);
  const action =
    request.method === 'DELETE' ? 'delete' : request.method === 'POST' && !id ? 'create' : 'update';
  return {
    resource: resource.data,
    action,
    ...(id !== undefined && { id }),
    ...versionOf(payload),
    origin: origin.success ? origin.data : null,
  };
}

/**
 * The one place where changes become live events: every successful write to the workspace's resources
 * (whatever module answers it) is recorded once its transaction committed and before its answer leaves,
 * so a tab's next write is always recorded after it (events keep the order of the writes), and wakes the
 * user's streams (on this instance directly; on the others through NOTIFY). Recording never fails the
 * write: an error is logged, and the other tabs only miss the event.
 */
export function registerLiveChanges(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // A replayed answer (plugins/idempotency-keys.ts) changed nothing: its change was heard the first time.
    if (reply.getHeader(idempotencyReplayedHeader)) return payload;
    const change = changeOf(request, reply.statusCode, payload);
    if (!change || !request.auth) return payload;
    const userId = request.auth.userId;
    try {
      await insertEvent(deps.database.db, deps.database.engine, {
        userId,
        payload: JSON.stringify(change),
        createdAt: deps.now().toISOString(),
      });
      deps.context.live.wake(userId);
    } catch (error) {
      request.log.warn({ event: 'live.record_failed', err: error }, 'live event not recorded');
    }
    return payload;
  });
}
