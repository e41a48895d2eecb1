import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { buildTestApp, type TestContext } from './test/test-app.ts';

/** docs/accounts.md: only the peers TRUST_PROXY names may choose the client address (rate limits, logs). */
describe('TRUST_PROXY', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  /**
   * Whether the server saw one client address: ten failed sign-ins for one e-mail, each with its own
   * X-Forwarded-For, then an eleventh. If the header was ignored they all came from one address, and
   * its per-address-and-client limit (10) answers 429.
   */
  async function seenAsOneAddress(
    env: Record<string, string>,
    peer: string,
    forwardedFor: (i: number) => string,
  ) {
    ctx = await buildTestApp('sqlite', env);
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        remoteAddress: peer,
        headers: { 'x-forwarded-for': forwardedFor(i) },
        payload: { email: 'a@example.com', password: 'Wr0ng&Pass' },
      });
      last = res.statusCode;
    }
    await ctx.close();
    ctx = undefined;
    return last === 429;
  }

  const distinct = (i: number) => `203.0.113.${i + 1}`;

  it('parses the setting and refuses nonsense at boot', () => {
    const parse = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(parse('')).toBe(false);
    expect(parse('loopback')).toEqual(['loopback']);
    expect(parse('10.0.0.1, 192.168.0.0/16,::1,fd00::/8,10.1.0.0/255.255.0.0')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      '10.1.0.0/255.255.0.0',
    ]);
    const hops = parse('2');
    expect(typeof hops).toBe('function');
    for (const bad of ['yes', 'true', '10.0.0.300', '10.0.0.0/33', 'loopback,evil.example', ',']) {
      expect(() => parse(bad), bad).toThrow(ConfigError);
    }
  });

  it('unset: X-Forwarded-For is ignored, even from loopback', async () => {
    expect(await seenAsOneAddress({}, '127.0.0.1', distinct)).toBe(true);
  });

  it('loopback: a local proxy sets the client address; anyone else cannot', async () => {
    expect(await seenAsOneAddress({ TRUST_PROXY: 'loopback' }, '127.0.0.1', distinct)).toBe(false);
    expect(await seenAsOneAddress({ TRUST_PROXY: 'loopback' }, '198.51.100.1', distinct)).toBe(true);
  });

  it('a list of CIDRs, and a hop count', async () => {
    expect(await seenAsOneAddress({ TRUST_PROXY: '10.0.0.0/8' }, '10.2.3.4', distinct)).toBe(false);
    expect(await seenAsOneAddress({ TRUST_PROXY: '10.0.0.0/8' }, '11.2.3.4', distinct)).toBe(true);
    // One hop: the address the proxy appended counts, not what the client wrote before it.
    expect(await seenAsOneAddress({ TRUST_PROXY: '1' }, '11.2.3.4', (i) => `1.1.1.1, ${distinct(i)}`)).toBe(
      false,
    );
    expect(await seenAsOneAddress({ TRUST_PROXY: '1' }, '11.2.3.4', (i) => `${distinct(i)}, 9.9.9.9`)).toBe(
      true,
    );
  });
});
