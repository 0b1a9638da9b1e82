/**
 * @module The hostile requests that carry a body: bad, deep and oversized JSON for every route that
 * reads one, odd uploads (CJK, traversal and overlong file names, wrong types, empty and binary
 * files), and raw bytes written to a socket (non-UTF-8 bodies, NUL in the request line).
 */
import { generatePaper, paperUploadForm } from './generated-paper.js';
import type { HostileCase, HostileGenerationContext } from './hostile-request-cases.js';

/** One of the items, drawn with the seeded random source. */
export function choice<Item>(random: () => number, items: readonly Item[], fallback: Item): Item {
  return items[Math.floor(random() * items.length)] ?? fallback;
}

function nested(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

function jsonBodies(
  random: () => number,
  paperId: string,
): { label: string; build: () => string }[] {
  const bigText = () => 'x'.repeat(1 + Math.floor(random() * 2_000_000));
  return [
    {
      label: 'truncated',
      build: () => '{"id":"a","messages":[{"role":"user","parts":[{"type":"te',
    },
    { label: 'empty', build: () => '' },
    { label: 'null', build: () => 'null' },
    { label: 'array', build: () => '[]' },
    { label: 'number', build: () => '1e309' },
    { label: 'deep nesting', build: () => nested(10_000 + Math.floor(random() * 90_000)) },
    { label: 'wrong types', build: () => '{"id":5,"messages":"hello"}' },
    { label: 'no user message', build: () => '{"id":"a","messages":[]}' },
    {
      label: 'huge text',
      build: () =>
        JSON.stringify({
          id: 'huge',
          messages: [{ role: 'user', parts: [{ type: 'text', text: bigText() }] }],
        }),
    },
    {
      label: 'many messages',
      build: () =>
        JSON.stringify({
          id: 'many',
          messages: Array.from({ length: 20_000 }, () => ({
            role: 'user',
            parts: [{ type: 'text', text: 'hi' }],
          })),
        }),
    },
    {
      label: 'prototype pollution',
      build: () =>
        '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},"id":"p","messages":[{"role":"user","parts":[{"type":"text","text":"hi"}]}]}',
    },
    { label: 'duplicate keys', build: () => '{"id":"a","id":"b","messages":[],"messages":null}' },
    {
      label: 'lone surrogate',
      build: () =>
        '{"id":"\\ud800","messages":[{"role":"user","parts":[{"type":"text","text":"\\udfff"}]}]}',
    },
    {
      label: 'annotation out of range',
      build: () =>
        JSON.stringify({
          paperId,
          question: 'q?',
          charStart: 9_007_199_254_740_991,
          charEnd: 9_007_199_254_740_992,
        }),
    },
    {
      label: 'annotation negative',
      build: () => JSON.stringify({ paperId, question: 'q?', charStart: -5, charEnd: -1 }),
    },
    {
      label: 'annotation huge question',
      build: () => JSON.stringify({ paperId, question: bigText(), charStart: 0, charEnd: 10 }),
    },
    {
      label: 'annotation unknown paper',
      build: () =>
        JSON.stringify({ paperId: '../../etc/passwd', question: 'q?', charStart: 0, charEnd: 10 }),
    },
  ];
}

export function jsonCase(context: HostileGenerationContext): HostileCase {
  const { random } = context;
  const paperId = choice(random, context.paperIds, 'no-such-paper');
  const bodies = jsonBodies(random, paperId);
  const chosen = choice(random, bodies, bodies[0] ?? { label: 'empty', build: () => '' });
  const target = random() < 0.6 ? '/api/chat' : '/api/annotations';
  const contentType = choice(
    random,
    [
      'application/json',
      'application/json',
      'application/json',
      'text/plain',
      'application/json; charset=latin1',
      null,
    ],
    'application/json',
  );
  return {
    transport: 'fetch',
    category: 'json',
    request: {
      route: `POST ${target}`,
      requestClass: 'json',
      method: 'POST',
      path: target,
      body: chosen.build(),
      headers: { 'content-type': contentType },
    },
  };
}

const uploadNames = [
  '../../../../tmp/evil.txt',
  '..\\..\\evil.txt',
  `${'a'.repeat(2_000)}.txt`,
  'nul\u0000byte.txt',
  '.txt',
  'no-extension',
  'script.exe',
  'paper.PDF',
  '論文.txt',
  '😀.txt',
  'CON.txt',
  ' .txt',
  'a/b/c.txt',
] as const;

export function uploadCase(context: HostileGenerationContext, number: number): HostileCase {
  const { random } = context;
  const name = choice(random, uploadNames, 'x.txt');
  const draw = random();
  let form: FormData;
  if (draw < 0.25) {
    form = new FormData();
    form.append('file', new Blob([new Uint8Array(0)]), name);
  } else if (draw < 0.45) {
    form = new FormData();
    const bytes = new Uint8Array(2_048);
    for (let index = 0; index < bytes.length; index += 1) bytes[index] = Math.floor(random() * 256);
    form.append('file', new Blob([bytes]), name.replace(/\.txt$/, '.pdf'));
  } else if (draw < 0.6) {
    form = new FormData();
    form.append(
      'file',
      new Blob(['{"title": "x", "sections": 5, "body_text": [1,2,3]}']),
      'bad.json',
    );
  } else if (draw < 0.7) {
    form = new FormData();
    form.append('notfile', 'hello');
  } else if (draw < 0.8) {
    // Non-UTF-8 bytes in a text paper.
    form = new FormData();
    const bytes = Uint8Array.from([
      0x54, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0xff, 0xfe, 0xc3, 0x28, 0x0a, 0xa0, 0xa1,
    ]);
    form.append('file', new Blob([bytes]), `raw-bytes-${context.runKey}-${number}.txt`);
  } else {
    // A real small paper under a hostile name: the server must store it under a safe id.
    const paper = generatePaper({
      uniqueKey: `${context.runKey}-h${number}`,
      random,
      sections: 1,
      sentencesPerSection: 3,
      fileName: name,
    });
    form = paperUploadForm(paper);
  }
  return {
    transport: 'fetch',
    category: 'upload',
    request: {
      route: 'POST /api/papers',
      requestClass: 'upload',
      method: 'POST',
      path: '/api/papers',
      body: form,
    },
  };
}

const rawLines = [
  'GET /api/papers/\u0000 HTTP/1.1',
  'GET /api/answers/search?q=\u0000\u0000 HTTP/1.1',
  'GET /api/suggest?q=\u00ff\u00fe\u00c3\u0028 HTTP/1.1',
  'GET /api/papers/\u00c3\u0028/find?q=a HTTP/1.1',
  'GET /../../../etc/passwd HTTP/1.1',
  'GET /api/../../etc/passwd HTTP/1.1',
  'GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1',
  'GET http://127.0.0.1/api/health HTTP/1.1',
  'GET * HTTP/1.1',
  'GET /api/health HTTP/9.9',
  'BREW /api/health HTTP/1.1',
  'GET /api/health?\u00e9=\u00e9 HTTP/1.1',
  'GET /api/datasets/search?q=%ff%fe%fd HTTP/1.1',
  'GET /api/answers/search?q=%ED%A0%80 HTTP/1.1',
] as const;

export function rawBytesCase(context: HostileGenerationContext): HostileCase {
  const { random } = context;
  const draw = random();
  if (draw < 0.6) {
    const line = choice(random, rawLines, rawLines[0]);
    return {
      transport: 'raw',
      category: 'raw-bytes',
      route: 'raw request line',
      head: (host) => Buffer.from(`${line}\r\nHost: ${host}\r\nConnection: close`, 'latin1'),
    };
  }
  // A JSON body that is not UTF-8, with an honest Content-Length.
  const body = Buffer.concat([
    Buffer.from('{"id":"', 'latin1'),
    Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1]),
    Buffer.from('","messages":[{"role":"user","parts":[{"type":"text","text":"', 'latin1'),
    Buffer.from([0xed, 0xa0, 0x80, 0xf8, 0x88, 0x80, 0x80, 0x80]),
    Buffer.from('"}]}]}', 'latin1'),
  ]);
  return {
    transport: 'raw',
    category: 'raw-bytes',
    route: 'raw non-UTF-8 body',
    head: (host) =>
      Buffer.from(
        `POST /api/chat HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nContent-Type: application/json\r\nContent-Length: ${body.byteLength}\r\nConnection: close`,
        'latin1',
      ),
    body,
  };
}
