/**
 * The web app's first load stays within its JavaScript budget: every script index.html loads
 * (entry and module preloads), gzipped, summed. Reads the build in apps/web/dist (`npm test` builds
 * first).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** The budget for the first load, in gzipped bytes. */
export const firstLoadBudgetBytes = 300 * 1024;
const dist = join(import.meta.dirname, '..', 'dist');

describe('web app bundle', () => {
  it('loads at most 300 KB of gzipped JavaScript on first load', async () => {
    const html = await readFile(join(dist, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
      (match) => match[1] ?? '',
    );
    expect(scripts.length).toBeGreaterThan(0);
    let total = 0;
    for (const script of new Set(scripts)) {
      total += gzipSync(await readFile(join(dist, script))).byteLength;
    }
    expect(total).toBeLessThanOrEqual(firstLoadBudgetBytes);
  });
});
