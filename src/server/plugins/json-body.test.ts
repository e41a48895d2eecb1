import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { emptyFile } from '../modules/backup/backup-test-helpers.ts';
import { expectError } from '../modules/notes/notes-test-helpers.ts';
import { asUser, nextIp, type SessionCookies, signedInUser } from '../test/auth-helpers.ts';
import { testEngines } from '../test/engines.ts';
import { buildTestApp, type TestContext } from '../test/test-app.ts';

/** `{"title":"Caf<byte>"}`: JSON whose bytes are not UTF-8 (0xe9 is é in Latin-1). */
const latin1Title = Buffer.concat([Buffer.from('{"title":"Caf'), Buffer.from([0xe9]), Buffer.from('"}')]);

/** JSON bodies are UTF-8: other bytes are a 400 in the app's error shape, never stored as U+FFFD. */
describe.each(testEngines)('JSON bodies that are not UTF-8 on %s', (engine) => {
  let ctx: TestContext;
  let cookies: SessionCookies;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    cookies = (await signedInUser(ctx)).cookies;
  });
  afterAll(() => ctx.close());

  const send = (url: string, payload: Buffer) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' },
      payload,
      ...asUser(cookies),
    });

  it('answers 400 validation_failed and writes nothing', async () => {
    const res = await send('/api/notebooks', latin1Title);
    expect(expectError(res, 400, 'validation_failed').message).toBe(messages.api.invalidUtf8);
    const tree = await ctx.app.inject({ method: 'GET', url: '/api/notes/tree', ...asUser(cookies) });
    expect(tree.json()).toMatchObject({ notebooks: [] });
  });

  it('refuses them on the public routes too (sign-in), with the same answer', async () => {
    const body = Buffer.concat([
      Buffer.from('{"email":"a'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('@x.io"}'),
    ]);
    const res = await send('/api/auth/signin', body);
    expect(expectError(res, 400, 'validation_failed').message).toBe(messages.api.invalidUtf8);
  });

  it('still parses UTF-8 text, and still refuses __proto__ keys', async () => {
    const created = await send('/api/notebooks', Buffer.from('{"title":"Café 😀"}'));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ title: 'Café 😀' });
    const poisoned = await send('/api/notebooks', Buffer.from('{"title":"x","__proto__":{"a":1}}'));
    expect(poisoned.statusCode).toBe(400);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/notebooks/${created.json().id}`,
      ...asUser(cookies),
    });
  });

  it('refuses an import file that is not UTF-8 as a file that is not JSON', async () => {
    const file = JSON.stringify({ ...emptyFile(), notebooks: [{ id: 'x', title: 'CafX' }] });
    const bytes = Buffer.from(file);
    bytes[bytes.indexOf('CafX') + 3] = 0xe9;
    for (const dryRun of [true, false]) {
      const res = await send(`/api/backup/import?dryRun=${dryRun}`, bytes);
      expect(expectError(res, 400, 'validation_failed').message).toBe(messages.backup.notJson);
    }
  });
});
