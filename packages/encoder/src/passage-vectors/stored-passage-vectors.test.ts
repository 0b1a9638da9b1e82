import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmbedPurpose, Embedder } from '@quarry/core';
import { readPassageVectorTable } from './passage-vector-table.js';
import { withStoredPassageVectors } from './stored-passage-vectors.js';

/** A 3-dimensional embedder that records what it was asked to embed. */
function recordingEmbedder(modelId = 'recording@000000000000') {
  const calls: { texts: string[]; purpose: EmbedPurpose }[] = [];
  const embedder: Embedder = {
    modelId,
    dimension: 3,
    embed(texts, purpose = 'passage') {
      calls.push({ texts: [...texts], purpose });
      return Promise.resolve(
        texts.map((text) => {
          const values = [text.length, 1 + text.charCodeAt(0) / 100, purpose === 'query' ? 1 : 0];
          const norm = Math.hypot(...values);
          return Float32Array.from(values.map((value) => value / norm));
        }),
      );
    },
  };
  return { embedder, calls };
}

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true })));
});

describe('stored passage vectors', () => {
  it('embeds a passage once across runs and returns the same vectors from the file', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'stored-vectors-'));
    folders.push(folder);
    const file = join(folder, 'sub', 'model.vectors');

    const first = recordingEmbedder();
    const firstRun = await withStoredPassageVectors(first.embedder, file);
    const fresh = await firstRun.embed([
      'ImageNet. Photos.',
      'SQuAD. Questions.',
      'ImageNet. Photos.',
    ]);
    expect(first.calls).toEqual([
      { texts: ['ImageNet. Photos.', 'SQuAD. Questions.'], purpose: 'passage' },
    ]);
    expect(firstRun.counts()).toEqual({ stored: 0, embedded: 2 });
    expect(fresh[0]).toEqual(fresh[2]);
    await firstRun.flush();
    expect((await readPassageVectorTable(file)).vectors.size).toBe(2);

    const second = recordingEmbedder();
    const secondRun = await withStoredPassageVectors(second.embedder, file);
    const again = await secondRun.embed(['SQuAD. Questions.', 'Cityscapes. Streets.']);
    expect(second.calls).toEqual([{ texts: ['Cityscapes. Streets.'], purpose: 'passage' }]);
    expect(secondRun.counts()).toEqual({ stored: 1, embedded: 1 });
    // The int8 codes are the same; only float32 rounding of the scale may differ.
    [...again[0]!].forEach((value, position) => expect(value).toBeCloseTo(fresh[1]![position]!, 6));
  });

  it('sends queries to the model and ignores a table of another model', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'stored-vectors-'));
    folders.push(folder);
    const file = join(folder, 'model.vectors');
    const first = await withStoredPassageVectors(recordingEmbedder('a@1').embedder, file);
    await first.embed(['ImageNet. Photos.']);
    await first.flush();

    const other = recordingEmbedder('b@2');
    const run = await withStoredPassageVectors(other.embedder, file);
    await run.embed(['ImageNet. Photos.']);
    await run.embed(['which dataset has photos?'], 'query');
    expect(other.calls.map((call) => call.purpose)).toEqual(['passage', 'query']);
    expect(run.counts()).toEqual({ stored: 0, embedded: 1 });
  });
});
