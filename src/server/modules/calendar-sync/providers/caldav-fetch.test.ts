import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseAllowedHosts } from '../../../caldav-allowed-hosts.ts';
import { type RecordingServer, startRecordingServer } from '../../../test/recording-server.ts';
import type { CaldavLookup } from './caldav-dispatcher.ts';
import { CaldavAddressError, caldavFetch } from './caldav-fetch.ts';

const allow = (value: string) => parseAllowedHosts(value) ?? [];

/** The guard around every CalDAV request: schemes, addresses, redirects, answer sizes. */
describe('caldavFetch', () => {
  let main: RecordingServer;
  let other: RecordingServer;
  let base: string;

  beforeAll(async () => {
    other = await startRecordingServer((_url, reply) => reply(200, {}, 'other'));
    main = await startRecordingServer((url, reply) => {
      if (url === '/declared') reply(200, { 'content-length': '5000' }, 'x'.repeat(5000));
      else if (url === '/chunked') reply(207, { 'content-type': 'application/xml' }, 'y'.repeat(5000));
      else if (url === '/to-other') reply(307, { location: `${other.url}/landed` });
      else if (url === '/to-self') reply(302, { location: '/small' });
      else if (url === '/loop') reply(302, { location: '/loop' });
      else reply(200, { etag: '"1"' }, 'small');
    });
    base = main.url;
  });
  afterAll(async () => {
    await main.close();
    await other.close();
  });
  beforeEach(() => {
    main.received.length = 0;
    other.received.length = 0;
  });

  it('calls only http and https addresses', async () => {
    const guarded = caldavFetch({ allowedHosts: allow('127.0.0.1') });
    for (const address of ['file:///etc/passwd', 'ftp://127.0.0.1/', 'data:text/plain,hi', 'not a url']) {
      await expect(guarded(address), address).rejects.toBeInstanceOf(CaldavAddressError);
    }
  });

  it('refuses loopback by default, in every spelling, and the server receives nothing', async () => {
    const guarded = caldavFetch();
    const { port } = main;
    for (const host of [
      '127.0.0.1',
      '127.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '[::ffff:127.0.0.1]',
    ]) {
      await expect(guarded(`http://${host}:${port}/small`), host).rejects.toBeInstanceOf(CaldavAddressError);
    }
    await expect(guarded(`http://0.0.0.0:${port}/small`)).rejects.toBeInstanceOf(CaldavAddressError);
    await expect(guarded(`http://[::1]:${port}/small`)).rejects.toBeInstanceOf(CaldavAddressError);
    expect(main.received).toEqual([]);
  });

  it('refuses a public-looking name that resolves to loopback, and connects to the address it checked', async () => {
    const lookups: string[] = [];
    const lookup: CaldavLookup = async (hostname) => {
      lookups.push(hostname);
      return ['127.0.0.1'];
    };
    const target = `http://calendar.example.com:${main.port}/small`;
    await expect(caldavFetch({ lookup })(target)).rejects.toBeInstanceOf(CaldavAddressError);
    // One loopback answer among public ones is enough to refuse.
    const mixed: CaldavLookup = async () => ['93.184.215.14', '127.0.0.1'];
    await expect(caldavFetch({ lookup: mixed })(target)).rejects.toBeInstanceOf(CaldavAddressError);
    expect(main.received).toEqual([]);
    expect(lookups).toEqual(['calendar.example.com']);

    // Listed by name, the host goes through: to the address the lookup gave, with its own Host header.
    const allowed = await caldavFetch({ lookup, allowedHosts: allow('calendar.example.com') })(target);
    expect(await allowed.text()).toBe('small');
    expect(main.received.map((request) => request.headers.host)).toEqual([
      `calendar.example.com:${main.port}`,
    ]);
  });

  it('lets a listed address through on its listed port only', async () => {
    const onePort = caldavFetch({ allowedHosts: allow(`127.0.0.1:${main.port}`) });
    expect((await onePort(`${base}/small`)).status).toBe(200);
    await expect(onePort(`${other.url}/`)).rejects.toBeInstanceOf(CaldavAddressError);
    expect(other.received).toEqual([]);
  });

  it('checks every redirect hop: a hop to an address not allowed is refused there', async () => {
    const guarded = caldavFetch({ allowedHosts: allow(`127.0.0.1:${main.port}`) });
    await expect(guarded(`${base}/to-other`, { method: 'PROPFIND' })).rejects.toBeInstanceOf(
      CaldavAddressError,
    );
    expect(main.received.map((request) => request.url)).toEqual(['/to-other']);
    expect(other.received).toEqual([]);

    // Within the allowed server, a redirect is followed, and the answer names where it came from.
    const moved = await guarded(`${base}/to-self`);
    expect(moved.status).toBe(200);
    expect(moved.url).toBe(`${base}/small`);
    await expect(guarded(`${base}/loop`)).rejects.toBeInstanceOf(CaldavAddressError);
  });

  it('keeps the method and body on a 307, but no password goes to another origin', async () => {
    const guarded = caldavFetch({ allowedHosts: allow('127.0.0.1') });
    const answer = await guarded(`${base}/to-other`, {
      method: 'PROPFIND',
      headers: { authorization: 'Basic c2VjcmV0', depth: '0' },
      body: '<propfind/>',
    });
    expect(await answer.text()).toBe('other');
    expect(main.received[0]?.headers.authorization).toBe('Basic c2VjcmV0');
    expect(other.received).toHaveLength(1);
    expect(other.received[0]).toMatchObject({ method: 'PROPFIND', url: '/landed' });
    expect(other.received[0]?.headers.authorization).toBeUndefined();
  });

  it('hands a redirect back to a caller that asked for `manual` (tsdav reads the Location itself)', async () => {
    const answer = await caldavFetch({ allowedHosts: allow('127.0.0.1') })(`${base}/to-other`, {
      redirect: 'manual',
    });
    expect(answer.status).toBe(307);
    expect(answer.headers.get('location')).toBe(`${other.url}/landed`);
    expect(other.received).toEqual([]);
  });

  it('passes a small answer through with its status, headers and address', async () => {
    const statuses: number[] = [];
    const response = await caldavFetch({
      allowedHosts: allow('127.0.0.1'),
      onStatus: (status) => statuses.push(status),
    })(`${base}/small`);
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"1"');
    expect(response.url).toBe(`${base}/small`);
    expect(await response.text()).toBe('small');
    expect(statuses).toEqual([200]);
  });

  it('refuses an answer over the cap, announced or not', async () => {
    const guarded = caldavFetch({ allowedHosts: allow('127.0.0.1'), maxResponseBytes: 1000 });
    await expect(guarded(`${base}/declared`)).rejects.toBeInstanceOf(CaldavAddressError);
    const chunked = await guarded(`${base}/chunked`);
    expect(chunked.status).toBe(207);
    await expect(chunked.text()).rejects.toThrow();
  });
});
