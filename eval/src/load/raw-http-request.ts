/**
 * @module HTTP/1.1 over a raw TCP socket, for requests fetch will not send: a lying
 * Content-Length, NUL and non-UTF-8 bytes in the request line, bodies streamed from a generator
 * with backpressure. Sending stops as soon as the server answers or closes; the outcome is the
 * status line and how long it took, never the whole response.
 */
import { connect } from 'node:net';

export interface RawHttpRequestOptions {
  host: string;
  port: number;
  /** The request line and headers, without the blank line that ends them. */
  head: Uint8Array | string;
  /** The body, streamed (may be far larger than memory). */
  body?: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  /** Gives up (and closes the socket) after this long. */
  timeoutMs: number;
}

export interface RawHttpOutcome {
  /** The response status, or 0 when none came. */
  status: number;
  /** From connecting until the status line arrived (or the end). */
  latencyMs: number;
  bytesSent: number;
  /** What ended the request. */
  ending: 'response' | 'closed-without-response' | 'timeout' | 'error';
  /** The response head (status line and headers), cut at 4 KiB. */
  responseHead: string;
  error: string | null;
}

function asBytes(value: Uint8Array | string): Uint8Array {
  return typeof value === 'string' ? Buffer.from(value, 'latin1') : value;
}

export function sendRawHttpRequest(options: RawHttpRequestOptions): Promise<RawHttpOutcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect({ host: options.host, port: options.port });
    let received = '';
    let settled = false;
    let bytesSent = 0;
    const finish = (ending: RawHttpOutcome['ending'], error: string | null = null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      const headEnd = received.indexOf('\r\n\r\n');
      socket.destroy();
      resolve({
        status: match?.[1] ? Number(match[1]) : 0,
        latencyMs: performance.now() - started,
        bytesSent,
        ending: match ? 'response' : ending,
        responseHead: (headEnd >= 0 ? received.slice(0, headEnd) : received).slice(0, 4096),
        error,
      });
    };
    const timer = setTimeout(() => finish('timeout'), options.timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.length > 8192 || received.includes('\r\n\r\n')) finish('response');
    });
    socket.on('close', () => finish('closed-without-response'));
    socket.on('error', (error) => finish('error', error.message));
    socket.on('connect', () => {
      void (async () => {
        const head = asBytes(options.head);
        socket.write(Buffer.concat([head, Buffer.from('\r\n\r\n', 'latin1')]));
        if (!options.body) return;
        for await (const chunk of options.body) {
          if (settled || socket.destroyed) return;
          bytesSent += chunk.byteLength;
          if (!socket.write(chunk)) {
            // Backpressure: wait until the kernel buffer drains or the request ends.
            await new Promise<void>((drained) => {
              const done = () => {
                socket.off('drain', done);
                socket.off('close', done);
                drained();
              };
              socket.once('drain', done);
              socket.once('close', done);
            });
          }
        }
      })().catch((error: unknown) => finish('error', String(error)));
    });
  });
}
