import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveChange, liveChange } from '../../../shared/schemas/live.ts';
import { asUser, post, signedInUser, signIn } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { apiFor } from '../notes/notes-test-helpers.ts';
import { cookieHeader, type OpenStream, openStream, type SseMessage } from './live-test-helpers.ts';

const changeOf = (message: SseMessage): LiveChange => liveChange.parse(JSON.parse(message.data));
const isChange = (message: SseMessage) => message.event === 'change';

describe.each(testEngines)('live events on %s', (engine) => {
  let ctx: TestContext;
  let baseUrl: string;
  const open: OpenStream[] = [];
  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await Promise.all(open.map((stream) => stream.ended));
    // A stream is a request that never ends by itself: one whose abort has not reached the server yet
    // would hold app.close() until the hook times out (seen once under CI load, after every test passed).
    ctx.app.server.closeAllConnections();
    await ctx.close();
  }, 60_000);

  const stream = async (
    ...args: Parameters<typeof openStream> extends [string, ...infer Rest] ? Rest : never
  ) => {
    const opened = await openStream(baseUrl, ...args);
    open.push(opened);
    return opened;
  };

  /** One user signed in twice (two devices), each session with its own API. */
  async function twoDevices() {
    const user = await signedInUser(ctx);
    const laptop = apiFor(ctx, user.userId, user.cookies);
    const phoneCookies = await signIn(ctx, user.email, user.password);
    const phone = apiFor(ctx, user.userId, phoneCookies);
    return { user, laptop, phone, laptopCookies: user.cookies, phoneCookies };
  }

  it('sends a change made in one session to the other session, with its origin and version', async () => {
    const { laptop, laptopCookies, phoneCookies } = await twoDevices();
    const phoneStream = await stream(phoneCookies);
    expect(phoneStream.status).toBe(200);
    await phoneStream.next((message) => message.event === 'ready');
    const notebook = await laptop.createNotebook({ title: 'Trips' });
    expect(changeOf(await phoneStream.next(isChange))).toMatchObject({
      resource: 'notebooks',
      action: 'create',
      origin: null,
    });
    const section = await laptop.createSection(notebook.id);
    const page = await laptop.createNote(section.id);
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/notes/${page.id}`,
      ...asUser(laptopCookies),
      headers: { 'x-client-id': 'laptop-tab-1', 'accept-encoding': 'gzip' },
      payload: { title: 'Packing', content: 'socks '.repeat(2000), baseVersion: 1 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const pageSaved = await phoneStream.next(
      (message) => isChange(message) && changeOf(message).action === 'update',
    );
    expect(changeOf(pageSaved)).toMatchObject({
      resource: 'notes',
      id: page.id,
      version: 2,
      origin: 'laptop-tab-1',
    });
    // Ids grow.
    const deleted = await laptop.request('DELETE', `/api/notebooks/${notebook.id}`);
    expect(deleted.statusCode).toBe(204);
    const gone = await phoneStream.next(
      (message) => isChange(message) && changeOf(message).action === 'delete',
    );
    expect(changeOf(gone)).toMatchObject({ resource: 'notebooks', id: notebook.id });
    expect(Number(gone.id)).toBeGreaterThan(Number(pageSaved.id));
  });

  it("never sends one user's changes to another user", async () => {
    const alice = await twoDevices();
    const bob = await twoDevices();
    const bobStream = await stream(bob.phoneCookies);
    await bobStream.next((message) => message.event === 'ready');
    await alice.laptop.createNotebook({ title: 'Alice only' });
    const bobsNotebook = await bob.laptop.createNotebook({ title: 'Bob only' });
    const first = changeOf(await bobStream.next(isChange));
    // Bob's first change event is his own create, not Alice's (sent before it).
    expect(first).toMatchObject({ resource: 'notebooks', action: 'create' });
    const sections = await bob.laptop.createSection(bobsNotebook.id);
    const second = changeOf(await bobStream.next(isChange));
    expect(second).toMatchObject({ resource: 'sections', action: 'create' });
    expect(sections.notebookId).toBe(bobsNotebook.id);
  });

  it('catches up from Last-Event-ID after a reconnection, and ignores a malformed one', async () => {
    const { laptop, phoneCookies } = await twoDevices();
    const first = await stream(phoneCookies);
    const ready = await first.next((message) => message.event === 'ready');
    first.close();
    const notebook = await laptop.createNotebook();
    await laptop.request('PATCH', `/api/notebooks/${notebook.id}`, { title: 'Renamed while away' });
    const again = await stream(phoneCookies, { 'last-event-id': String(ready.id) });
    const missed = [changeOf(await again.next(isChange)), changeOf(await again.next(isChange))];
    expect(missed.map((change) => change.action)).toEqual(['create', 'update']);

    for (const bad of ['abc', '-4', '1e999', '99999999999999999999', '', '%00', '1'.repeat(5000)]) {
      const odd = await stream(phoneCookies, { 'last-event-id': encodeURIComponent(bad) });
      expect(odd.status, bad).toBe(200);
      expect((await odd.next()).event).toBe('ready');
      odd.close();
      const query = await openStream(
        `${baseUrl}`,
        phoneCookies,
        {},
        `lastEventId=${encodeURIComponent(bad)}`,
      );
      open.push(query);
      expect(query.status, bad).toBe(200);
      expect((await query.next()).event).toBe('ready');
      query.close();
    }
  });

  it('asks for a full refetch (reset) when the Last-Event-ID is older than what is kept', async () => {
    const { laptop, phoneCookies } = await twoDevices();
    const first = await stream(phoneCookies);
    const ready = await first.next((message) => message.event === 'ready');
    first.close();
    await laptop.createNotebook();
    await laptop.createNotebook();
    // The hourly prune ran past everything (the newest row always stays).
    const newest = await ctx.db.db
      .selectFrom('user_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    await ctx.db.db.deleteFrom('user_events').where('id', '<', Number(newest.id)).execute();
    const again = await stream(phoneCookies, { 'last-event-id': String(ready.id) });
    const head = await again.next();
    expect(head.event).toBe('reset');
    expect(head.id).toBe(String(newest.id));
    // An id this database never gave is treated the same way.
    const ahead = await stream(phoneCookies, { 'last-event-id': String(Number(newest.id) + 1000) });
    expect((await ahead.next()).event).toBe('reset');
  });

  it("ends a session's stream when it signs out, keeps the other session's, and refuses no session", async () => {
    const { laptop, laptopCookies, phoneCookies } = await twoDevices();
    const laptopStream = await stream(laptopCookies);
    const phoneStream = await stream(phoneCookies);
    await laptopStream.next((message) => message.event === 'ready');
    await phoneStream.next((message) => message.event === 'ready');
    const out = await post(ctx, '/api/auth/signout', undefined, asUser(laptopCookies));
    expect(out.statusCode, out.body).toBe(200);
    await laptopStream.ended;
    expect(ctx.deps.context.live.size).toBeGreaterThan(0);
    const phone = apiFor(ctx, laptop.userId, phoneCookies);
    await phone.createNotebook();
    expect(changeOf(await phoneStream.next(isChange)).resource).toBe('notebooks');

    const anonymous = await fetch(`${baseUrl}/api/events`, { headers: { cookie: cookieHeader({}) } });
    expect(anonymous.status).toBe(401);
  });
});
