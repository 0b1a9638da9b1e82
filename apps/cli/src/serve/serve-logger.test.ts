import { describe, expect, it } from 'vitest';
import { serveLogger } from './serve-logger.js';

function logged(requestLog: 'auto' | 'human' | 'json' | 'off', interactive: boolean): string[] {
  const lines: string[] = [];
  const log = serveLogger(
    { requestLog, slowRequestMs: 1000 },
    { interactive, stderr: (line) => lines.push(line) },
  );
  log({ level: 'info', message: 'request', path: '/index.html', status: 200, ms: 1 });
  log({ level: 'info', message: 'request', method: 'POST', path: '/api/chat', status: 503, ms: 1 });
  return lines;
}

describe('the serve request logger', () => {
  it('writes short lines on a terminal and JSON lines to a pipe', () => {
    expect(logged('auto', true)).toHaveLength(1);
    expect(logged('auto', true)[0]).toMatch(/failed POST \/api\/chat -> 503/);
    const piped = logged('auto', false);
    expect(piped).toHaveLength(2);
    expect(JSON.parse(piped[0]!)).toMatchObject({ message: 'request', path: '/index.html' });
  });

  it('follows QUARRY_REQUEST_LOG when it names a form', () => {
    expect(logged('json', true)).toHaveLength(2);
    expect(logged('human', false)).toHaveLength(1);
    expect(logged('off', true)).toEqual([]);
  });
});
