import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLines } from './line-reader.js';
import { collect } from './test-support/collect.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'quarry-line-reader-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function linesOf(content: string | Buffer, maxLineBytes?: number) {
  const path = join(folder, `file-${Math.random().toString(36).slice(2)}.txt`);
  await writeFile(path, content);
  return collect(readLines(path, maxLineBytes === undefined ? {} : { maxLineBytes }));
}

describe('readLines', () => {
  it('numbers lines from 1, strips "\\r\\n" and a byte-order mark, and keeps a last line without newline', async () => {
    const lines = await linesOf('\uFEFFfirst\r\nsecond\n\nlast');
    expect(lines).toEqual([
      { kind: 'line', lineNumber: 1, text: 'first' },
      { kind: 'line', lineNumber: 2, text: 'second' },
      { kind: 'line', lineNumber: 3, text: '' },
      { kind: 'line', lineNumber: 4, text: 'last' },
    ]);
  });

  it('reports a line over the limit by its length and goes on with the next line', async () => {
    const lines = await linesOf(`short\n${'x'.repeat(100)}\nafter\n`, 50);
    expect(lines).toEqual([
      { kind: 'line', lineNumber: 1, text: 'short' },
      { kind: 'too-long', lineNumber: 2, byteLength: 100 },
      { kind: 'line', lineNumber: 3, text: 'after' },
    ]);
  });

  it('accepts a line of exactly the limit, "\\r" not counted', async () => {
    const lines = await linesOf(`${'y'.repeat(10)}\r\n${'z'.repeat(11)}\r\n`, 10);
    expect(lines.map((line) => line.kind)).toEqual(['line', 'too-long']);
  });

  it('joins lines and multi-byte characters split across stream chunks', async () => {
    const longLine = 'é'.repeat(100_000);
    const lines = await linesOf(`${longLine}\n${'a'.repeat(70_000)}\n`);
    expect(lines[0]).toEqual({ kind: 'line', lineNumber: 1, text: longLine });
    expect(lines[1]?.kind === 'line' && lines[1].text.length).toBe(70_000);
  });

  it('yields nothing for an empty file', async () => {
    expect(await linesOf('')).toEqual([]);
  });
});
