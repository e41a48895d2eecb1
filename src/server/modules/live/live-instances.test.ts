import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveChange, liveChange } from '../../../shared/schemas/live.ts';
import { type App, buildApp, createAppContext } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { createMailer } from '../../mail/mailer.ts';
import { asUser, signedInUser, signIn } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { type OpenStream, openStream, type SseMessage } from './live-test-helpers.ts';

const changeOf = (message: SseMessage): LiveChange => liveChange.parse(JSON.parse(message.data));
const isChange = (message: SseMessage) => message.event === 'change';

/**
 * Two instances of the app on one PostgreSQL database, each with its own connection pool and LISTEN
 * connection, as behind a load balancer: a change written through one reaches a stream held by the
 * other only through the `jotlist_live` NOTIFY. PostgreSQL only (on SQLite there is one instance).
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'live events across two instances on PostgreSQL',
  () => {
    let ctx: TestContext;
    let second: App;
    let secondUrl: string;
    let firstUrl: string;
    const open: OpenStream[] = [];

    beforeAll(async () => {
      ctx = await buildTestApp('postgres');
      firstUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      if (!ctx.db.databaseUrl) throw new Error('no database URL');
      const database = openDatabase({ databaseUrl: ctx.db.databaseUrl });
      const logger = pino({ level: 'silent' });
      const deps: AppDeps = {
        ...ctx.deps,
        database,
        logger,
        mailer: createMailer({ smtpUrl: ctx.smtp.url, from: ctx.config.MAIL_FROM, logger }),
        context: createAppContext({ database, logger, now: ctx.deps.now }),
      };
      second = await buildApp(deps);
      secondUrl = await second.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(async () => {
      for (const stream of open) stream.close();
      await second?.close();
      await ctx?.close();
    });

    const stream = async (
      url: string,
      ...args: Parameters<typeof openStream> extends [string, ...infer R] ? R : never
    ) => {
      const opened = await openStream(url, ...args);
      open.push(opened);
      return opened;
    };

    it('sends a change written through one instance to a stream open on the other, both ways', async () => {
      const user = await signedInUser(ctx);
      const phoneCookies = await signIn(ctx, user.email, user.password);
      const onSecond = await stream(secondUrl, phoneCookies);
      expect(onSecond.status).toBe(200);
      await onSecond.next((message) => message.event === 'ready');
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/notebooks',
        ...asUser(user.cookies),
        headers: { 'x-client-id': 'laptop-on-first' },
        payload: { title: 'Written on the first instance' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const heard = changeOf(await onSecond.next(isChange));
      expect(heard).toMatchObject({
        resource: 'notebooks',
        action: 'create',
        origin: 'laptop-on-first',
      });

      // And back: written through the second, heard on the first.
      const onFirst = await stream(firstUrl, user.cookies);
      await onFirst.next((message) => message.event === 'ready');
      const { id } = created.json() as { id: string };
      const renamed = await second.inject({
        method: 'PATCH',
        url: `/api/notebooks/${id}`,
        ...asUser(phoneCookies),
        payload: { title: 'Renamed on the second instance' },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(changeOf(await onFirst.next(isChange))).toMatchObject({
        resource: 'notebooks',
        action: 'update',
        id,
      });
    });
  },
);
