/**
 * The live module: the per-user event stream (`GET /api/events`, Server-Sent Events), the one hook that
 * records every workspace write as an event, the hub of this instance's open streams and the hourly
 * prune of old events. Events travel between instances on PostgreSQL's NOTIFY (cluster/).
 */

export { liveRoutes } from './live.routes.ts';
export { registerLiveChanges } from './live-changes.ts';
export { LiveStreams } from './live-hub.ts';
export { livePruneJob } from './live-prune.job.ts';
