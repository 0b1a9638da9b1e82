/**
 * @module Hostile requests for every route, generated from a seed: fuzzed query parameters, bad
 * and oversized JSON, path traversal and NUL bytes, catastrophic regular expressions for in-paper
 * text search, non-UTF-8 bytes, abusive headers, missing or foreign Origin, and odd uploads (CJK,
 * traversal and overlong file names, wrong types, empty and binary files). A case is either sent
 * with fetch or, when fetch would clean it up (NUL and raw bytes in the request line), written to
 * a raw socket.
 */
import { generatePaper, paperUploadForm } from './generated-paper.js';
import type { ClientRequest, HttpMethod } from './virtual-client.js';

export const hostileCategories = [
  'query-fuzz',
  'path',
  'regex',
  'json',
  'upload',
  'raw-bytes',
  'headers',
  'origin',
] as const;
export type HostileCategory = (typeof hostileCategories)[number];

export type HostileCase =
  | { transport: 'fetch'; category: HostileCategory; request: ClientRequest }
  | {
      transport: 'raw';
      category: HostileCategory;
      route: string;
      /** The request line and headers (latin1 bytes), built once the port is known. */
      head: (hostHeader: string) => Uint8Array;
      body?: Uint8Array;
    };

/** Weights of the categories in a generated run. */
const categoryWeights = {
  'query-fuzz': 30,
  path: 10,
  regex: 14,
  json: 20,
  upload: 6,
  'raw-bytes': 8,
  headers: 6,
  origin: 6,
} as const satisfies Record<HostileCategory, number>;

/** Regular expressions known for catastrophic backtracking, and inputs that trigger it. */
export const catastrophicPatterns = [
  '(\\w+\\s?)+$',
  '(a+)+$',
  '^(a|a?)+$',
  '(x+x+)+y',
  '([a-zA-Z]+)*\\d',
  '(.*a){25}',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '(\\d+)*[a-z]',
  '((ab)*|a)*c',
  '(?:a|a)*b',
] as const;

const fuzzPieces = [
  '',
  ' ',
  'a',
  '%',
  '%%',
  '%zz',
  '%E0%A4%A',
  '%ff%fe',
  '%ED%A0%80',
  '%C0%AE%C0%AE%2F',
  '%00',
  '\u0000',
  '\u202e',
  '\u0301\u0301\u0301',
  '数据集',
  '🤖',
  "' OR 1=1 --",
  '"; DROP TABLE papers; --',
  '${jndi:ldap://127.0.0.1/a}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '\\..\\..\\windows',
  'NaN',
  '-1',
  '1e309',
  '99999999999999999999999',
  '0x10',
  '[]',
  '{}',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '*',
  '?',
  '(',
  '[',
  '\\',
  '|',
  'what dataset is used?',
] as const;

const getRoutes = [
  { route: 'GET /api/answers/search', path: '/api/answers/search', names: ['q', 'paper', 'limit'] },
  { route: 'GET /api/suggest', path: '/api/suggest', names: ['q'] },
  {
    route: 'GET /api/datasets/search',
    path: '/api/datasets/search',
    names: ['q', 'modality', 'task', 'language', 'year_max', 'limit'],
  },
  {
    route: 'GET /api/datasets',
    path: '/api/datasets',
    names: ['name', 'modality', 'task', 'language', 'year_max', 'offset', 'limit'],
  },
  { route: 'GET /api/papers', path: '/api/papers', names: ['limit', 'offset'] },
  { route: 'GET /api/annotations', path: '/api/annotations', names: ['paper'] },
  { route: 'GET /api/health', path: '/api/health', names: ['verbose'] },
] as const;

export interface HostileGenerationContext {
  random: () => number;
  paperIds: readonly string[];
  datasetIds: readonly string[];
  /** Makes generated uploads unique per run. */
  runKey: string;
}

interface RouteTarget {
  route: string;
  method: HttpMethod;
  path: string;
}

function choice<Item>(random: () => number, items: readonly Item[], fallback: Item): Item {
  return items[Math.floor(random() * items.length)] ?? fallback;
}

function fuzzValue(random: () => number): string {
  const draw = random();
  if (draw < 0.08) return 'a'.repeat(1 + Math.floor(random() * 20_000));
  if (draw < 0.12) return '数'.repeat(1 + Math.floor(random() * 3_000));
  const pieces = Array.from({ length: 1 + Math.floor(random() * 4) }, () =>
    choice(random, fuzzPieces, ''),
  );
  return pieces.join('');
}

/** Encodes a value for a query string, keeping deliberate %-sequences and lone surrogates raw. */
function encodeFuzz(value: string): string {
  return [...value]
    .map((character) => {
      if (character === '%') return '%';
      try {
        return encodeURIComponent(character);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

function queryFuzzCase(context: HostileGenerationContext): HostileCase {
  const { random } = context;
  const target = choice(random, getRoutes, getRoutes[0]);
  const parameters: string[] = [];
  const count = Math.floor(random() * 5);
  for (let index = 0; index < count; index += 1) {
    const name =
      random() < 0.8 ? choice(random, target.names, 'q') : fuzzValue(random).slice(0, 40);
    parameters.push(`${encodeFuzz(name)}=${encodeFuzz(fuzzValue(random))}`);
  }
  if (random() < 0.1) parameters.push('q=a&q=b&q=c');
  return {
    transport: 'fetch',
    category: 'query-fuzz',
    request: {
      route: target.route,
      requestClass: 'query-fuzz',
      method: 'GET',
      path: `${target.path}${parameters.length ? `?${parameters.join('&')}` : ''}`,
    },
  };
}

const traversalSegments = [
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%5c..%5cwindows',
  '%252e%252e%252f',
  'a%00b',
  '%00',
  '....//....//etc',
  '%C0%AE%C0%AE',
  '.',
  '%20',
  'x'.repeat(5_000),
  '🤖',
  '数据集',
  '1;DROP TABLE papers',
  '-1',
  '99999999999',
] as const;

function pathCase(context: HostileGenerationContext): HostileCase {
  const { random } = context;
  const segment = choice(random, traversalSegments, '..');
  const templates = [
    { route: 'GET /api/papers/:id', path: `/api/papers/${segment}`, method: 'GET' },
    {
      route: 'GET /api/papers/:id/find',
      path: `/api/papers/${segment}/find?q=data`,
      method: 'GET',
    },
    { route: 'GET /api/datasets/:id', path: `/api/datasets/${segment}`, method: 'GET' },
    {
      route: 'GET /api/datasets/:id/citations',
      path: `/api/datasets/${segment}/citations`,
      method: 'GET',
    },
    { route: 'GET /api/conversations/:id', path: `/api/conversations/${segment}`, method: 'GET' },
    { route: 'DELETE /api/annotations/:id', path: `/api/annotations/${segment}`, method: 'DELETE' },
    { route: 'GET (static)', path: `/${segment}`, method: 'GET' },
    { route: 'GET (static)', path: `/assets/${segment}`, method: 'GET' },
    { route: 'GET (unknown api)', path: `/api/${segment}`, method: 'GET' },
  ] as const;
  const chosen = choice(random, templates, templates[0]);
  return {
    transport: 'fetch',
    category: 'path',
    request: {
      route: chosen.route,
      requestClass: 'path',
      method: chosen.method,
      path: chosen.path,
    },
  };
}

function regexCase(context: HostileGenerationContext): HostileCase {
  const { random } = context;
  const pattern = choice(random, catastrophicPatterns, '(a+)+$');
  const attack = `${'a'.repeat(20 + Math.floor(random() * 980))}!`;
  const query = random() < 0.5 ? pattern : random() < 0.5 ? attack : `${pattern} ${attack}`;
  const paperId = choice(random, context.paperIds, 'no-such-paper');
  const draw = random();
  if (draw < 0.7) {
    const mode = random() < 0.75 ? 'text' : 'question';
    const caseFlag = random() < 0.3 ? '&case=true' : '';
    return {
      transport: 'fetch',
      category: 'regex',
      request: {
        route: 'GET /api/papers/:id/find',
        requestClass: 'regex',
        method: 'GET',
        path: `/api/papers/${encodeURIComponent(paperId)}/find?q=${encodeURIComponent(query.slice(0, 1000))}&mode=${mode}${caseFlag}`,
      },
    };
  }
  const route = draw < 0.85 ? '/api/answers/search' : '/api/suggest';
  return {
    transport: 'fetch',
    category: 'regex',
    request: {
      route: `GET ${route}`,
      requestClass: 'regex',
      method: 'GET',
      path: `${route}?q=${encodeURIComponent(query.slice(0, 1000))}`,
    },
  };
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

function jsonCase(context: HostileGenerationContext): HostileCase {
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

function uploadCase(context: HostileGenerationContext, number: number): HostileCase {
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

function rawBytesCase(context: HostileGenerationContext): HostileCase {
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

function headersCase(context: HostileGenerationContext): HostileCase {
  const { random } = context;
  const draw = random();
  const headers: Record<string, string | null> = {};
  if (draw < 0.25)
    headers['cookie'] = `quarry_client=${'x'.repeat(1 + Math.floor(random() * 12_000))}`;
  else if (draw < 0.45) headers['cookie'] = 'quarry_client=../../etc; quarry_client=%00; a=b';
  else if (draw < 0.65)
    headers['authorization'] = choice(
      random,
      ['Bearer', 'Bearer ', 'Basic YTpi', `Bearer ${'z'.repeat(5000)}`, 'Bearer wrong-token'],
      'Bearer',
    );
  else if (draw < 0.8) headers['x-forwarded-for'] = '1.2.3.4, 5.6.7.8';
  else headers['accept-encoding'] = 'gzip;q=1e309, *;q=-1';
  const targets: RouteTarget[] = [
    { route: 'GET /api/health', method: 'GET', path: '/api/health' },
    { route: 'GET /api/answers/search', method: 'GET', path: '/api/answers/search?q=dataset' },
    { route: 'POST /api/annotations', method: 'POST', path: '/api/annotations' },
    { route: 'POST /api/chat', method: 'POST', path: '/api/chat' },
  ];
  const target = choice<RouteTarget>(random, targets, {
    route: 'GET /api/health',
    method: 'GET',
    path: '/api/health',
  });
  return {
    transport: 'fetch',
    category: 'headers',
    request: {
      route: target.route,
      requestClass: 'headers',
      method: target.method,
      path: target.path,
      headers,
      ...(target.method === 'POST' ? { json: { id: 'h', messages: [] } } : {}),
    },
  };
}

function originCase(context: HostileGenerationContext): HostileCase {
  const { random } = context;
  const origin = choice(
    random,
    ['none', 'http://evil.example', 'null', 'http://127.0.0.1:1', 'http://localhost'],
    'none',
  );
  const sendToken = random() < 0.5;
  const targets: RouteTarget[] = [
    { route: 'POST /api/chat', path: '/api/chat', method: 'POST' },
    { route: 'POST /api/annotations', path: '/api/annotations', method: 'POST' },
    { route: 'DELETE /api/annotations/:id', path: '/api/annotations/1', method: 'DELETE' },
  ];
  const target = choice<RouteTarget>(random, targets, {
    route: 'POST /api/chat',
    path: '/api/chat',
    method: 'POST',
  });
  return {
    transport: 'fetch',
    category: 'origin',
    request: {
      route: target.route,
      requestClass: 'origin',
      method: target.method,
      path: target.path,
      origin,
      sendToken,
      ...(target.method === 'POST'
        ? {
            json: {
              id: `origin-${Math.floor(random() * 1e9)}`,
              messages: [{ role: 'user', parts: [{ type: 'text', text: 'image datasets' }] }],
            },
          }
        : {}),
    },
  };
}

function pickCategory(random: () => number): HostileCategory {
  const total = hostileCategories.reduce((sum, name) => sum + categoryWeights[name], 0);
  let point = random() * total;
  for (const name of hostileCategories) {
    point -= categoryWeights[name];
    if (point < 0) return name;
  }
  return 'query-fuzz';
}

/**
 * `count` hostile cases, the same sequence for the same seed and context; generated one at a time
 * as they are consumed, so multi-megabyte bodies are not all held at once.
 */
export function* generateHostileCases(
  context: HostileGenerationContext,
  count: number,
): Generator<HostileCase> {
  for (let number = 0; number < count; number += 1) {
    const category = pickCategory(context.random);
    switch (category) {
      case 'query-fuzz':
        yield queryFuzzCase(context);
        break;
      case 'path':
        yield pathCase(context);
        break;
      case 'regex':
        yield regexCase(context);
        break;
      case 'json':
        yield jsonCase(context);
        break;
      case 'upload':
        yield uploadCase(context, number);
        break;
      case 'raw-bytes':
        yield rawBytesCase(context);
        break;
      case 'headers':
        yield headersCase(context);
        break;
      case 'origin':
        yield originCase(context);
        break;
    }
  }
}
