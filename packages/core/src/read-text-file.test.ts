import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAppError } from './app-error.js';
import { readTextFile } from './read-text-file.js';

describe('readTextFile', () => {
  it('reads a file, and names a missing one with what it was meant to be', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'quarry-read-'));
    try {
      const path = join(folder, 'qrels.txt');
      await writeFile(path, 'q1 0 d1 1\n');
      expect(await readTextFile({ path, what: 'the qrels file' })).toBe('q1 0 d1 1\n');
      const missing = join(folder, 'missing.txt');
      const error: unknown = await readTextFile({
        path: missing,
        what: 'the qrels file',
        fix: 'check the path',
      }).catch((caught: unknown) => caught);
      expect(isAppError(error)).toBe(true);
      expect(error).toMatchObject({ code: 'not_found', where: missing });
      const message = (error as Error).message;
      expect(message).toContain('cannot read the qrels file');
      expect(message).toContain(missing);
      expect(message).toContain('check the path');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
