/**
 * @module The oversized-body cases of the hostile benchmark, each streamed from a generator over
 * a raw socket (never held in memory): a 1 GiB multipart upload with an honest Content-Length and
 * chunked without one, a 1 GiB chat body chunked, a chat body that says 1 KiB and sends 1 GiB, and
 * a Content-Length claiming 1 GiB followed by only 1 KiB (the server must not wait for the rest).
 */
import { hugeBodyChunks, hugeBodyLength } from './huge-body-stream.js';

export interface HugeBodyCase {
  name: string;
  route: string;
  head: (hostHeader: string) => string;
  body: () => Iterable<Uint8Array>;
}

/** Wraps a byte stream in HTTP/1.1 chunked transfer coding (RFC 9112 section 7.1). */
export function* chunkedTransferCoding(chunks: Iterable<Uint8Array>): Generator<Uint8Array> {
  for (const chunk of chunks) {
    if (chunk.byteLength === 0) continue;
    yield Buffer.from(`${chunk.byteLength.toString(16)}\r\n`, 'latin1');
    yield chunk;
    yield Buffer.from('\r\n', 'latin1');
  }
  yield Buffer.from('0\r\n\r\n', 'latin1');
}

const boundary = 'quarry-bench-boundary-7d1f';

export function hugeBodyCases(options: {
  hugeBytes: number;
  token: string | null;
}): HugeBodyCase[] {
  const authorization = options.token ? `\r\nAuthorization: Bearer ${options.token}` : '';
  const common = (host: string) => `Host: ${host}\r\nOrigin: http://${host}${authorization}`;
  const multipart = {
    totalBytes: options.hugeBytes,
    prefix: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.txt"\r\nContent-Type: text/plain\r\n\r\nHuge paper\n`,
    suffix: `\r\n--${boundary}--\r\n`,
  };
  const chatJson = {
    totalBytes: options.hugeBytes,
    prefix: '{"id":"huge","messages":[{"role":"user","parts":[{"type":"text","text":"',
    suffix: '"}]}]}',
  };
  return [
    {
      name: 'upload 1 GiB, honest Content-Length',
      route: 'POST /api/papers',
      head: (host) =>
        `POST /api/papers HTTP/1.1\r\n${common(host)}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${hugeBodyLength(multipart)}\r\nConnection: close`,
      body: () => hugeBodyChunks(multipart),
    },
    {
      name: 'upload 1 GiB, chunked (no Content-Length)',
      route: 'POST /api/papers',
      head: (host) =>
        `POST /api/papers HTTP/1.1\r\n${common(host)}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nTransfer-Encoding: chunked\r\nConnection: close`,
      body: () => chunkedTransferCoding(hugeBodyChunks(multipart)),
    },
    {
      name: 'chat 1 GiB, chunked (no Content-Length)',
      route: 'POST /api/chat',
      head: (host) =>
        `POST /api/chat HTTP/1.1\r\n${common(host)}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close`,
      body: () => chunkedTransferCoding(hugeBodyChunks(chatJson)),
    },
    {
      name: 'chat says 1 KiB, sends 1 GiB (lying Content-Length)',
      route: 'POST /api/chat',
      head: (host) =>
        `POST /api/chat HTTP/1.1\r\n${common(host)}\r\nContent-Type: application/json\r\nContent-Length: 1024\r\nConnection: close`,
      body: () => hugeBodyChunks(chatJson),
    },
    {
      name: 'annotation says 1 GiB, sends 1 KiB and waits (lying Content-Length)',
      route: 'POST /api/annotations',
      head: (host) =>
        `POST /api/annotations HTTP/1.1\r\n${common(host)}\r\nContent-Type: application/json\r\nContent-Length: ${options.hugeBytes}\r\nConnection: close`,
      body: () => hugeBodyChunks({ totalBytes: 1024, prefix: '{"paperId":"' }),
    },
    {
      name: 'upload says 1 GiB, sends 1 KiB and waits (lying Content-Length)',
      route: 'POST /api/papers',
      head: (host) =>
        `POST /api/papers HTTP/1.1\r\n${common(host)}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${options.hugeBytes}\r\nConnection: close`,
      body: () => hugeBodyChunks({ ...multipart, totalBytes: 1024, suffix: '' }),
    },
  ];
}
