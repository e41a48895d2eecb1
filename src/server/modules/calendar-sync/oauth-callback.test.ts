import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import type { OAuthProvider } from '../../../shared/schemas/calendar-sync.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { newTodosApi, type TodosApi } from '../todos/todos-test-helpers.ts';
import {
  type CalendarFakes,
  callbackBody,
  consent,
  integrations,
  startCalendarFakes,
  startOAuth,
} from './calendar-sync-test-helpers.ts';

/**
 * The OAuth mix-up defences of the callback: each provider has its own redirect path, the state is bound
 * to the provider it was issued for, and an `iss` the provider names must be that provider's issuer
 * (RFC 9207). Any mismatch is `Invalid OAuth state`, with the code sent to no token endpoint.
 */
describe.each(testEngines)('calendar OAuth callbacks on %s', (engine) => {
  let ctx: TestContext;
  let fakes: CalendarFakes;

  beforeAll(async () => {
    fakes = await startCalendarFakes();
    ctx = await buildTestApp(engine, fakes.env);
  });
  afterAll(async () => {
    await ctx.close();
    await fakes.close();
  });

  const callback = (api: TodosApi, body: object) => api.request('POST', '/api/calendar/oauth/callback', body);
  const tokenRequests = () => fakes.google.tokenRequests.length + fakes.microsoft.tokenRequests.length;

  const expectRefused = async (api: TodosApi, body: object) => {
    const res = await callback(api, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(messages.calendar.invalidOAuthState);
  };

  it('gives each provider its own redirect URI; Google names itself, Microsoft does not', async () => {
    const api = await newTodosApi(ctx);
    for (const [provider, path, iss] of [
      ['google', '/oauth/google/callback', fakes.google.url],
      ['outlook', '/oauth/microsoft/callback', null],
    ] as const) {
      const url = new URL(await startOAuth(api, provider));
      expect(url.searchParams.get('redirect_uri')).toBe(`${ctx.config.APP_URL}${path}`);
      const answer = await consent(url.toString(), 'allow');
      expect(answer).toMatchObject({ path, iss });
      const res = await callback(api, callbackBody(provider, answer));
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await integrations(api)).integrations.map((row) => row.provider).sort()).toEqual([
      'google',
      'outlook',
    ]);
  });

  it.each([
    ['google', 'outlook'],
    ['outlook', 'google'],
  ] as const)(
    "refuses a code from %s brought to %s's callback path, and spends its state",
    async (from, at) => {
      const api = await newTodosApi(ctx);
      const answer = await consent(await startOAuth(api, from), 'allow');
      const before = tokenRequests();
      await expectRefused(api, callbackBody(at, answer));
      expect(tokenRequests()).toBe(before);
      expect((await integrations(api)).integrations).toEqual([]);
      // The state is single use: the same answer at the right path now finds it gone.
      await expectRefused(api, callbackBody(from, answer));
      expect((await integrations(api)).integrations).toEqual([]);
    },
  );

  // The fakes' addresses are known only once they listen: each case names how to find its issuer.
  const otherIssuers: Array<[OAuthProvider, string, () => string]> = [
    ['google', 'a look-alike host', () => 'https://accounts.google.com.evil.example'],
    ['google', "the fake Microsoft's", () => fakes.microsoft.url],
    ['outlook', "the fake Google's", () => fakes.google.url],
  ];

  it.each(otherIssuers)(
    'refuses an answer from %s naming another issuer (%s)',
    async (provider, _name, iss) => {
      const api = await newTodosApi(ctx);
      const answer = await consent(await startOAuth(api, provider), 'allow');
      const before = tokenRequests();
      await expectRefused(api, { ...callbackBody(provider, answer), iss: iss() });
      expect(tokenRequests()).toBe(before);
      expect((await integrations(api)).integrations).toEqual([]);
    },
  );

  it('accepts an answer without iss (Google names itself only to some accounts)', async () => {
    const api = await newTodosApi(ctx);
    const answer = await consent(await startOAuth(api, 'google'), 'allow');
    const res = await callback(api, callbackBody('google', { ...answer, iss: null }));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses an answer that names no callback path (the old root redirect)', async () => {
    const api = await newTodosApi(ctx);
    const { code, state } = await consent(await startOAuth(api, 'google'), 'allow');
    const res = await callback(api, { code, state });
    expect(res.statusCode).toBe(400);
    expect((await integrations(api)).integrations).toEqual([]);
  });
});
