import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaldavAddressError, caldavFetch } from './caldav-fetch.ts';

/** The guard around every CalDAV request: schemes, answer sizes, what a caller sees. */
describe('caldavFetch', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/declared') {
        response.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000));
      } else if (request.url === '/chunked') {
        // No length announced: the cap must count what arrives.
        response.writeHead(207, { 'content-type': 'application/xml' });
        for (let i = 0; i < 5; i++) response.write('y'.repeat(1000));
        response.end();
      } else {
        response.writeHead(200, { etag: '"1"' }).end('small');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('calls only http and https addresses', async () => {
    const guarded = caldavFetch();
    for (const address of ['file:///etc/passwd', 'ftp://127.0.0.1/', 'data:text/plain,hi', 'not a url']) {
      await expect(guarded(address), address).rejects.toBeInstanceOf(CaldavAddressError);
    }
  });

  it('passes a small answer through with its status, headers and address', async () => {
    const statuses: number[] = [];
    const response = await caldavFetch({ onStatus: (status) => statuses.push(status) })(`${base}/small`);
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"1"');
    expect(response.url).toBe(`${base}/small`);
    expect(await response.text()).toBe('small');
    expect(statuses).toEqual([200]);
  });

  it('refuses an answer over the cap, announced or not', async () => {
    const guarded = caldavFetch({ maxResponseBytes: 1000 });
    await expect(guarded(`${base}/declared`)).rejects.toBeInstanceOf(CaldavAddressError);
    const chunked = await guarded(`${base}/chunked`);
    expect(chunked.status).toBe(207);
    await expect(chunked.text()).rejects.toThrow();
  });
});
