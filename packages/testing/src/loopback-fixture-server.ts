/**
 * @module A loopback HTTP server (node:http on 127.0.0.1, port 0) standing in for an outside
 * service in tests (`quarry pull`'s sources): routes by path,
 * a log of every request with its time, and answers that can be made to fail first (a 429 with a
 * Retry-After, say) before the real one.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureRequest {
  path: string;
  url: URL;
  at: number;
}

export type FixtureHandler = (request: IncomingMessage, url: URL, response: ServerResponse) => void;

export interface FixtureServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly requests: FixtureRequest[];
  route(path: string, handler: FixtureHandler): void;
  /** The next `count` requests to `path` get this status and headers instead of the route. */
  failNext(
    path: string,
    options: { count: number; status: number; headers?: Record<string, string> },
  ): void;
  requestsTo(path: string): FixtureRequest[];
  close(): Promise<void>;
}

export async function startLoopbackFixtureServer(): Promise<FixtureServer> {
  const routes = new Map<string, FixtureHandler>();
  const failures = new Map<
    string,
    { count: number; status: number; headers: Record<string, string> }
  >();
  const requests: FixtureRequest[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push({ path: url.pathname, url, at: performance.now() });
    const failure = failures.get(url.pathname);
    if (failure && failure.count > 0) {
      failure.count -= 1;
      response.writeHead(failure.status, failure.headers).end('try later');
      return;
    }
    const handler = routes.get(url.pathname);
    if (!handler) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    handler(request, url, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    route: (path, handler) => routes.set(path, handler),
    failNext: (path, options) =>
      failures.set(path, {
        count: options.count,
        status: options.status,
        headers: options.headers ?? {},
      }),
    requestsTo: (path) => requests.filter((request) => request.path === path),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
