// The control for the load benchmarks: a bare node:http server that answers every request with a tiny
// constant body and does nothing else. The load generator must drive it at several times the API's
// rate, or the generator (not the server) is what the benchmark measures (docs/performance.md).
import { createServer } from 'node:http';

const body = Buffer.from('{"ok":true}');

export async function startControlServer(): Promise<number> {
  const server = createServer((request, response) => {
    // Read (and drop) any body, as a real server would, before answering.
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
