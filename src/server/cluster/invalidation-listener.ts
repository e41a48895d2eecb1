import pg from 'pg';
import { invalidationSchema } from '../cache/invalidation-hub.ts';
import type { AppDeps } from '../deps.ts';
import { invalidationChannel, liveChannel } from './invalidation.ts';

export interface InvalidationListener {
  stop(): Promise<void>;
}

export interface ListenerOptions {
  /** First reconnection delay; doubled per failure up to `maxBackoffMs`, ±20 % jitter. */
  minBackoffMs: number;
  maxBackoffMs: number;
  /** A `select 1` on the listening connection this often: a silently dead TCP link shows up too. */
  heartbeatMs: number;
}

/** The listening connection's application_name in pg_stat_activity. */
export const listenerName = 'jotlist-invalidation';

const defaults: ListenerOptions = { minBackoffMs: 100, maxBackoffMs: 10_000, heartbeatMs: 10_000 };

/**
 * PostgreSQL only: one dedicated connection per instance (not from the pool, whose clients come and go)
 * that LISTENs on the invalidation channel and drops what each notification names. Notifications sent
 * while it is disconnected are lost, so losing it drops every cache and keeps caching off until it is
 * back (reconnection with exponential backoff); every request meanwhile reads the database. Needs a
 * direct or session-pooled connection: LISTEN does not work through a transaction pooler (pgbouncer).
 */
export function startInvalidationListener(
  deps: AppDeps,
  options: ListenerOptions = defaults,
): InvalidationListener {
  const connectionString = deps.database.databaseUrl;
  if (deps.database.engine !== 'postgres' || !connectionString) return { stop: async () => {} };
  const log = deps.logger;
  const hub = deps.context.invalidation;
  const { origin } = hub;
  let stopped = false;
  let failures = 0;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;

  const lost = (current: pg.Client, reason: unknown) => {
    if (client !== current) return;
    client = null;
    if (heartbeat) clearInterval(heartbeat);
    hub.suspend();
    current.removeAllListeners('notification');
    // A broken client may still emit; never let that become an unhandled 'error' event.
    current.on('error', () => {});
    void current.end().catch(() => {});
    if (stopped) return;
    const base = Math.min(options.minBackoffMs * 2 ** failures, options.maxBackoffMs);
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    failures++;
    log.warn(
      { event: 'cluster.listener_lost', err: reason, retryInMs: delay },
      'cache invalidation channel lost; caches off until it is back',
    );
    retry = setTimeout(connect, delay);
    retry.unref();
  };

  const connect = () => {
    retry = null;
    if (stopped) return;
    // Named, so an operator (or a test) can find it in pg_stat_activity.
    const current = new pg.Client({ connectionString, keepAlive: true, application_name: listenerName });
    client = current;
    current.on('error', (error) => lost(current, error));
    current.on('end', () => lost(current, new Error('connection ended')));
    current.on('notification', (message) => {
      if (message.channel === liveChannel && message.payload) {
        deps.context.live.wake(message.payload);
        return;
      }
      if (message.channel !== invalidationChannel || !message.payload) return;
      try {
        const data: unknown = JSON.parse(message.payload);
        if (typeof data === 'object' && data !== null && 'origin' in data && data.origin === origin) return;
        hub.apply(invalidationSchema.parse(data));
      } catch (error) {
        // Unreadable: drop everything rather than risk keeping what it meant to drop.
        log.error(
          { event: 'cluster.bad_notification', err: error },
          'unreadable invalidation; caches dropped',
        );
        hub.suspend();
        hub.resume();
      }
    });
    current
      .connect()
      .then(() => current.query(`listen ${invalidationChannel}; listen ${liveChannel}`))
      .then(() => {
        if (client !== current) return;
        // Live events announced while it was down were never heard: every stream reads what is new.
        deps.context.live.wakeAll();
        if (failures > 0) log.info({ event: 'cluster.listener_back' }, 'cache invalidation channel is back');
        failures = 0;
        // Whatever changed while it was down was never heard: start from empty caches.
        hub.suspend();
        hub.resume();
        heartbeat = setInterval(() => {
          const silent = setTimeout(
            () => lost(current, new Error('no answer to the heartbeat')),
            options.heartbeatMs,
          );
          current
            .query('select 1')
            .catch((error: unknown) => lost(current, error))
            .finally(() => clearTimeout(silent));
        }, options.heartbeatMs);
        heartbeat.unref();
      })
      .catch((error: unknown) => lost(current, error));
  };

  connect();

  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (heartbeat) clearInterval(heartbeat);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => {});
        await current.end().catch(() => {});
      }
    },
  };
}
