/**
 * `quarry embed` with the shipped model and with an imported Model2Vec folder (the real fixture in
 * ../shared/data), through the CLI's --json contract.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from './main.js';
import { captureIo } from './test-support/captured-io.js';
import { sharedDataPath } from './test-support/shared-data.js';

describe('quarry embed and model import', () => {
  it('embeds texts with the shipped default model, identically for identical texts', async () => {
    const io = captureIo({});
    expect(
      await run({
        argv: ['embed', 'image segmentation', 'image segmentation', 'speech', '--json'],
        io,
      }),
    ).toBe(0);
    const result = io.lastJson() as { model: string; dim: number; vectors: number[][] };
    expect(result.model).toMatch(/^e5-small-v2-q@/);
    expect(result.vectors).toHaveLength(3);
    expect(result.vectors[0]).toHaveLength(result.dim);
    expect(result.vectors[0]).toEqual(result.vectors[1]);
    expect(result.vectors[0]).not.toEqual(result.vectors[2]);
    const norm = Math.hypot(...(result.vectors[2] ?? []));
    expect(norm).toBeCloseTo(1, 5);
  });

  it('imports the Model2Vec fixture and embeds with it by folder', async () => {
    const cache = await mkdtemp(join(tmpdir(), 'quarry-models-'));
    const environment = { QUARRY_MODEL_CACHE: cache };
    const importIo = captureIo(environment);
    const fixture = sharedDataPath('models/m2v-tiny-fixture');
    expect(
      await run({ argv: ['model', 'import', fixture, '--name', 'm2v', '--json'], io: importIo }),
    ).toBe(0);
    const embedIo = captureIo(environment);
    expect(
      await run({
        argv: ['embed', '--model', join(cache, 'm2v'), 'a short text', '--json'],
        io: embedIo,
      }),
    ).toBe(0);
    const result = embedIo.lastJson() as { dim: number; vectors: number[][] };
    expect(result.dim).toBe(64);
    expect(result.vectors[0]).toHaveLength(64);
  });

  it('names the problem when the model folder does not exist', async () => {
    const io = captureIo({});
    const exitCode = await run({
      argv: ['embed', '--model', '/nonexistent/model', 'x', '--json'],
      io,
    });
    expect(exitCode).not.toBe(0);
    expect(io.err.join('')).toContain('/nonexistent/model');
  });
});
