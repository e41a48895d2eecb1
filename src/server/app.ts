import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { InvalidationHub } from './cache/invalidation-hub.ts';
import { registerDrain } from './cluster/drain.ts';
import { fastifyRateLimitStore } from './cluster/fastify-rate-limit-store.ts';
import { startInvalidationListener } from './cluster/invalidation-listener.ts';
import { createRateLimitStore } from './cluster/rate-limit-store.ts';
import { startGroupCommit } from './db/group-commit.ts';
import type { AppContext, AppDeps } from './deps.ts';
import { mailJob } from './jobs/mail.job.ts';
import { schedulePeriodic } from './jobs/periodic.ts';
import { purgeJobsJob } from './jobs/purge.job.ts';
import { registerJobs } from './jobs/queue.ts';
import { startJobWorker } from './jobs/worker.ts';
import { logsRequests } from './logger.ts';
import {
  attachmentRoutes,
  attachmentSweepJob,
  deleteAccountObjects,
  deleteAccountObjectsJob,
} from './modules/attachments/index.ts';
import {
  accountRoutes,
  authCleanupJob,
  authJobs,
  authRoutes,
  createSessionCache,
  devicesRoutes,
  passkeysRoutes,
  registerSessionAuth,
  twoStepRoutes,
} from './modules/auth/index.ts';
import { backupRoutes } from './modules/backup/index.ts';
import { billingRoutes } from './modules/billing/index.ts';
import { blogAdminRoutes, blogPageRoutes, blogRoutes, ViewCounter } from './modules/blog/index.ts';
import { calendarFeedPublicRoutes, calendarFeedSettingsRoutes } from './modules/calendar-feed/index.ts';
import {
  caldavRoutes,
  calendarSyncJobs,
  calendarSyncRoutes,
  calendarTaskHooks,
  repushTimedEvents,
  revokeCalendarGrants,
} from './modules/calendar-sync/index.ts';
import { contactRoutes } from './modules/contact/index.ts';
import { createProfileCache } from './modules/entitlement/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { LiveStreams, livePruneJob, liveRoutes, registerLiveChanges } from './modules/live/index.ts';
import {
  historyPruneJob,
  notebookRoutes,
  noteHistoryRoutes,
  noteRoutes,
  sectionRoutes,
} from './modules/notes/index.ts';
import {
  reminderActionRoutes,
  reminderFireJob,
  reminderRoutes,
  reminderTaskHooks,
} from './modules/reminders/index.ts';
import { searchRoutes } from './modules/search/index.ts';
import { siteRoutes } from './modules/site/index.ts';
import { addStarterContent } from './modules/starter/index.ts';
import {
  categoryRoutes,
  labelRoutes,
  planRoutes,
  recurrenceRoutes,
  subtaskRoutes,
  taskRoutes,
  todoRoutes,
} from './modules/todos/index.ts';
import { registerClientAddress } from './plugins/client-address.ts';
import { registerDurableReplies } from './plugins/durable-replies.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { guardedScope } from './plugins/guarded-scope.ts';
import { httpServerOptions } from './plugins/http-errors.ts';
import { registerIdempotencyKeys } from './plugins/idempotency-keys.ts';
import { idempotencyPruneJob } from './plugins/idempotency-prune.job.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { OneLineRequestLog } from './plugins/request-log.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerUnstorableTextGuard } from './plugins/unstorable-text.ts';
import { registerWritePauseHook } from './plugins/write-pause-hook.ts';

export type App = FastifyInstance;

const HOUR = 60 * 60 * 1000;
/** A comment line on every live stream this often: under the 60 s idle timeouts of common proxies. */
const liveHeartbeatMs = 25_000;

/**
 * One app's wiring (empty lists that buildApp fills: see "Who listens to what" below) and the state it
 * holds in memory, made here explicitly rather than on first use. Callers pass the parts of AppDeps the
 * state is made from, the same ones they put in the deps.
 */
export function createAppContext(parts: Pick<AppDeps, 'database' | 'logger' | 'now'>): AppContext {
  // On PostgreSQL nothing is cached until the invalidation listener is connected (it resumes the caches).
  const invalidation = new InvalidationHub({ suspended: parts.database.engine === 'postgres' });
  return {
    hooks: { tasks: [], accountCreated: [], accountDeleting: [], timeZoneChanged: [] },
    entitlementSources: [],
    jobs: { kinds: new Map(), worker: null },
    invalidation,
    // Both register with the hub, so a committed sign-out or entitlement change empties them everywhere.
    caches: { sessions: createSessionCache(invalidation), profiles: createProfileCache(invalidation) },
    // PostgreSQL rows shared by every instance, or memory on SQLite.
    rateLimits: createRateLimitStore(parts.database, parts.now),
    blogViews: new ViewCounter(parts),
    // Open event streams; a sign-out heard by the hub ends its streams at once.
    live: new LiveStreams(invalidation, { heartbeatMs: liveHeartbeatMs }),
  };
}

/**
 * Builds the whole HTTP application from its dependencies. Plugins first, then each module, listed
 * explicitly so the order (and so the OpenAPI document) is the same everywhere.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    loggerInstance: deps.logger,
    genReqId: () => randomUUID(),
    // Only peers named by TRUST_PROXY may set the client address (X-Forwarded-For, used by rate limits).
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // The request timeout, and parser and router errors in the app's error shape (http-errors.ts).
    ...httpServerOptions(deps.requestTimeoutMs),
    // One line per request instead of Fastify's two (plugins/request-log.ts).
    logController: new OneLineRequestLog({ requests: logsRequests(deps.config) }),
  }).withTypeProvider<ZodTypeProvider>();

  // First of all hooks: the client address is read while the socket is surely there (client-address.ts).
  registerClientAddress(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Behind a load balancer, INSTANCE_ID names the instance that answered (docs/DEPLOY.md).
  const instanceId = deps.config.INSTANCE_ID;
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (instanceId) reply.header('x-instance', instanceId);
  });
  // A retried write with the same Idempotency-Key gets the first answer back (idempotency-keys.ts). Before
  // durable replies and compression: the stored answer shares the change's sync and is not compressed.
  registerIdempotencyKeys(app, deps);
  // SQLite: commits share their fsyncs, and replies wait for the one covering their writes.
  const groupCommit = await startGroupCommit(deps.database, deps.walFsync);
  if (groupCommit) registerDurableReplies(app, groupCommit);
  // SQLite: writes wait while a backup import's worker thread writes (db/write-pause.ts).
  registerWritePauseHook(app, deps.database);
  // Graceful stop behind a load balancer: replayable requests answer 503 while draining (cluster/drain.ts).
  registerDrain(app);

  registerErrorHandler(app);
  // JSON bodies that are not UTF-8 are a 400, not text with U+FFFD in it (json-body.ts).
  registerJsonBodyParser(app);
  // Before every module: text PostgreSQL or SQLite cannot store is a 400, on every route (docs/PRODUCT.md §10.1).
  registerUnstorableTextGuard(app);
  await registerSecurityHeaders(app, {
    secure: deps.config.secureCookies,
    includeSubDomains: deps.config.HSTS_INCLUDE_SUBDOMAINS === 'on',
  });
  // Every successful workspace write becomes a live event (modules/live/live-changes.ts). Before
  // compression, whose own onSend would turn the answer it reads a page's version from into a stream.
  registerLiveChanges(app, deps);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  // Limits are opted into per route (`config.rateLimit`), so a busy workspace never trips a global one.
  // They count in the app's one store, shared by every instance on PostgreSQL (cluster/).
  await app.register(rateLimit, { global: false, store: fastifyRateLimitStore(deps.context.rateLimits) });
  await registerOpenApi(app, { appUrl: deps.config.APP_URL, enabled: deps.config.API_DOCS === 'on' });
  // After the cookie plugin (it reads the access cookie), before every module (they rely on request.auth).
  registerSessionAuth(app, deps);

  // Who listens to what. Each runs inside the transaction of the change it hears (deps.ts AppContext).
  const { hooks } = deps.context;
  // A new account starts with a `Getting started` notebook and list, made in the sign-up's transaction.
  hooks.accountCreated.push(addStarterContent);
  // Task changes and deletes reach the synced calendar events; a deleted account's grants are revoked.
  hooks.tasks.push(calendarTaskHooks(deps));
  // Reminders follow their task's due date and completion; a new task gets the account's default one.
  hooks.tasks.push(reminderTaskHooks(deps));
  hooks.accountDeleting.push(revokeCalendarGrants(deps));
  // A deleted account's files in the S3 bucket are deleted there too (its rows go by cascade).
  hooks.accountDeleting.push(deleteAccountObjects(deps));
  // A new account time zone moves every timed task's synced events: each is pushed again.
  hooks.timeZoneChanged.push(repushTimedEvents(deps));
  // Billing (when on) adds, in its plugin below, the subscription entitlement source and an
  // account-deletion step that cancels the subscription at the provider.
  // Durable background work (jobs/): every kind the one worker of this app runs (billing adds its own).
  registerJobs(deps, [
    mailJob,
    ...authJobs,
    authCleanupJob,
    purgeJobsJob,
    ...calendarSyncJobs,
    reminderFireJob,
    historyPruneJob,
    livePruneJob,
    idempotencyPruneJob,
    attachmentSweepJob,
    deleteAccountObjectsJob,
  ]);

  await app.register(healthRoutes(deps));
  await app.register(siteRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(accountRoutes(deps));
  await app.register(devicesRoutes(deps));
  await app.register(twoStepRoutes(deps));
  await app.register(passkeysRoutes(deps));
  await app.register(contactRoutes(deps));
  // Billing stays open to read-only accounts (they must be able to pay); it adds the subscription
  // entitlement source. Outside the guarded scope on purpose.
  await app.register(billingRoutes(deps));
  // The blog: public API, pages and feeds; its admin answers 404 to anyone not in ADMIN_EMAILS. Outside
  // the guarded scope on purpose: the blog is not workspace data (an expired admin still runs it).
  await app.register(blogRoutes(deps));
  await app.register(blogAdminRoutes(deps));
  await app.register(blogPageRoutes(deps));
  // The private calendar feed: public, found by its secret token only (calendar apps have no session).
  await app.register(calendarFeedPublicRoutes(deps));
  // A notification's buttons: public, the signed token in the notification is the authority.
  await app.register(reminderActionRoutes(deps));
  // The workspace: every route needs a user, every write a writable account (guarded-scope.ts).
  await app.register(
    guardedScope(deps, [
      notebookRoutes(deps),
      sectionRoutes(deps),
      noteRoutes(deps),
      // A page's history: listing and viewing are reads (open to read-only accounts), restoring a write.
      noteHistoryRoutes(deps),
      searchRoutes(deps),
      todoRoutes(deps),
      categoryRoutes(deps),
      taskRoutes(deps),
      planRoutes(deps),
      subtaskRoutes(deps),
      recurrenceRoutes(deps),
      labelRoutes(deps),
      // Export is a GET (open to read-only accounts); import is a POST, refused for them (403 read_only).
      backupRoutes(deps),
      // Files and images in pages: downloads are reads, uploads writes (403 read_only for read-only accounts).
      attachmentRoutes(deps),
      // Feed settings: its writes are open to read-only accounts (calendar-feed.routes.ts says why).
      calendarFeedSettingsRoutes(deps),
      // Connected calendars and a task's events; disconnecting is open to read-only accounts (its routes).
      calendarSyncRoutes(deps),
      // Connecting a CalDAV calendar: discovery and connect sign in to the server the user names.
      caldavRoutes(deps),
      // A task's reminders, this browser's push subscription, the default reminder for new tasks.
      reminderRoutes(deps),
      // The user's changes made elsewhere, as Server-Sent Events.
      liveRoutes(deps),
    ]),
  );

  await registerSpa(app, { clientDir: deps.clientDir });
  // One job worker per app (its kinds are listed above).
  const worker = startJobWorker(deps);
  // PostgreSQL: hear the other instances' cache invalidations (cluster/invalidation-listener.ts).
  const invalidations = startInvalidationListener(deps);
  const periodic = [
    schedulePeriodic(deps, authCleanupJob, {}, HOUR),
    schedulePeriodic(deps, purgeJobsJob, {}, 24 * HOUR),
    schedulePeriodic(deps, historyPruneJob, {}, HOUR),
    schedulePeriodic(deps, livePruneJob, {}, HOUR),
    schedulePeriodic(deps, idempotencyPruneJob, {}, HOUR),
    schedulePeriodic(deps, attachmentSweepJob, {}, HOUR),
  ];

  // Open streams would keep the server from closing: they end first.
  app.addHook('preClose', async () => deps.context.live.closeAll());

  app.addHook('onClose', async () => {
    for (const handle of periodic) handle.stop();
    await worker.stop();
    await invalidations.stop();
    // Blog views still counted in memory are written while the database is open.
    await deps.context.blogViews.flush();
    await groupCommit?.close();
    await deps.database.close();
    deps.mailer.close();
  });
  return app;
}
