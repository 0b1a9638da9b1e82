import { describe, expect, it } from 'vitest';
import { humanLine, humanLineLogger } from './human-log.js';

const options = { slowRequestMs: 1000, now: () => new Date(2026, 10, 26, 9, 5, 7) };
const request = (fields: Record<string, unknown>) => ({
  level: 'info' as const,
  message: 'request',
  requestId: 'r-1',
  method: 'GET',
  ...fields,
});

describe('the human request log', () => {
  it('says nothing for static files and quick successful requests', () => {
    expect(humanLine(request({ path: '/assets/index.js', status: 200, ms: 3 }), options)).toBe(
      null,
    );
    expect(humanLine(request({ path: '/assets/big.js', status: 200, ms: 5000 }), options)).toBe(
      null,
    );
    expect(humanLine(request({ path: '/favicon.ico', status: 404, ms: 1 }), options)).toBe(null);
    expect(humanLine(request({ path: '/api/search', status: 200, ms: 999 }), options)).toBe(null);
    expect(humanLine({ level: 'info', message: 'audit', path: '/api/chat' }, options)).toBe(null);
  });

  it('gives failed, refused and slow API requests one line with the request id', () => {
    expect(humanLine(request({ path: '/api/chat', status: 500, ms: 12.4 }), options)).toBe(
      '09:05:07 failed GET /api/chat -> 500 in 12 ms (request r-1)',
    );
    expect(humanLine(request({ path: '/api/papers', status: 401, ms: 2 }), options)).toMatch(
      /refused GET \/api\/papers -> 401/,
    );
    expect(humanLine(request({ path: '/api/search', status: 200, ms: 1500 }), options)).toMatch(
      /slow GET \/api\/search -> 200 in 1500 ms/,
    );
  });

  it('writes errors with their causes in one line', () => {
    const lines: string[] = [];
    const log = humanLineLogger((line) => lines.push(line), options);
    log({
      level: 'error',
      message: 'unexpected error',
      requestId: 'r-9',
      error: [{ message: 'query failed' }, { message: 'connection reset' }],
    });
    expect(lines).toEqual([
      '09:05:07 error unexpected error: query failed <- connection reset (request r-9)\n',
    ]);
  });
});
