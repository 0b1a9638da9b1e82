/**
 * @module Hostile requests for every route, generated from a seed: fuzzed query parameters, bad
 * and oversized JSON, path traversal and NUL bytes, catastrophic regular expressions for in-paper
 * text search, non-UTF-8 bytes, abusive headers, missing or foreign Origin, and odd uploads (CJK,
 * traversal and overlong file names, wrong types, empty and binary files). A case is either sent
 * with fetch or, when fetch would clean it up (NUL and raw bytes in the request line), written to
 * a raw socket.
 */
import type { ClientRequest, HttpMethod } from './virtual-client.js';
import { choice, jsonCase, rawBytesCase, uploadCase } from './hostile-body-cases.js';

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
