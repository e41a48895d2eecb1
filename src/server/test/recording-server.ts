import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a recording server got. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export type Reply = (status: number, headers?: Record<string, string>, body?: string) => void;

export interface RecordingServer {
  /** Every request received so far, in order; tests may empty it. */
  received: RecordedRequest[];
  port: number;
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

/**
 * A plain HTTP server on a free loopback port that records every request and answers with `answer`: the
 * "fake server" of the tests that show a request was (or was never) made.
 */
export async function startRecordingServer(
  answer: (url: string, reply: Reply) => void = (_url, reply) => reply(200),
): Promise<RecordingServer> {
  const received: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    // The body is not recorded, but it is read so the client's request completes.
    request.resume();
    answer(request.url ?? '', (status, headers = {}, body = '') =>
      response.writeHead(status, headers).end(body),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
