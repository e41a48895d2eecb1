import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.ts';
import { drainBackground } from './jobs/background.ts';
import { accountRoutes, authRoutes, registerSessionAuth } from './modules/auth/index.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { notebookRoutes } from './modules/notebooks/notebooks.routes.ts';
import { sectionRoutes } from './modules/notebooks/sections.routes.ts';
import { noteRoutes } from './modules/notes/notes.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { subtaskRoutes } from './modules/tasks/subtasks.routes.ts';
import { taskRoutes } from './modules/tasks/tasks.routes.ts';
import { categoryRoutes } from './modules/todos/categories.routes.ts';
import { todoRoutes } from './modules/todos/todos.routes.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { guardedScope } from './plugins/guarded-scope.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';

export type App = FastifyInstance;

/**
 * Builds the whole HTTP application from its dependencies. Plugins first, then each module, listed
 * explicitly so the order (and so the OpenAPI document) is the same everywhere.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    loggerInstance: deps.logger,
    genReqId: () => randomUUID(),
    // Behind a reverse proxy the client address comes from X-Forwarded-For (used by rate limits).
    trustProxy: deps.config.isProduction ? 'loopback' : true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, { secure: deps.config.secureCookies });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  // Limits are opted into per route (`config.rateLimit`), so a busy workspace never trips a global one.
  await app.register(rateLimit, { global: false });
  await registerOpenApi(app, { appUrl: deps.config.APP_URL });
  // After the cookie plugin (it reads the access cookie), before every module (they rely on request.auth).
  registerSessionAuth(app, deps);

  await app.register(healthRoutes(deps));
  await app.register(siteRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(accountRoutes(deps));
  await app.register(contactRoutes(deps));
  // The workspace: every route needs a user, every write a writable account (guarded-scope.ts).
  await app.register(
    guardedScope(deps, [
      notebookRoutes(deps),
      sectionRoutes(deps),
      noteRoutes(deps),
      searchRoutes(deps),
      todoRoutes(deps),
      categoryRoutes(deps),
      taskRoutes(deps),
      subtaskRoutes(deps),
    ]),
  );

  await registerSpa(app, { clientDir: deps.clientDir });
  app.addHook('onClose', async () => {
    await drainBackground(deps);
    await deps.database.close();
    deps.mailer.close();
  });
  return app;
}
