import { describe, expect, it } from 'vitest';
import type { EmbedPurpose, Embedder } from '@quarry/core';
import {
  decodePassageVectorTable,
  encodePassageVectorTable,
  passageKey,
  withPassageVectorTable,
} from './passage-vector-table.js';

function unit(values: number[]): Float32Array {
  const norm = Math.hypot(...values);
  return Float32Array.from(values.map((value) => value / norm));
}

/** A 3-dimensional embedder that records what it was asked to embed. */
function recordingEmbedder(): Embedder & { calls: { texts: string[]; purpose: EmbedPurpose }[] } {
  const calls: { texts: string[]; purpose: EmbedPurpose }[] = [];
  return {
    modelId: 'recording@000000000000',
    dimension: 3,
    similarityFloor: 0.4,
    calls,
    embed(texts, purpose = 'passage') {
      calls.push({ texts: [...texts], purpose });
      return Promise.resolve(
        texts.map((text) => unit([text.length, 1, purpose === 'query' ? 1 : 0])),
      );
    },
  };
}

describe('passage vector tables', () => {
  const vectors = new Map([
    [passageKey('Cityscapes. Street scenes.'), unit([0.9, -0.3, 0.1])],
    [passageKey('SQuAD. Questions on Wikipedia.'), unit([-0.2, 0.5, 0.8])],
  ]);

  it('round-trips through the int8 file format within rounding', () => {
    const bytes = encodePassageVectorTable({ model: 'm@1', dimension: 3, vectors });
    const table = decodePassageVectorTable(bytes, 'table.vectors');
    expect(table.model).toBe('m@1');
    expect(table.vectors.size).toBe(2);
    for (const [key, vector] of vectors) {
      const decoded = table.vectors.get(key)!;
      const cosine = decoded.reduce((sum, value, index) => sum + value * vector[index]!, 0);
      expect(cosine).toBeGreaterThan(0.9999);
    }
  });

  it('refuses a truncated file and names it', () => {
    const bytes = encodePassageVectorTable({ model: 'm@1', dimension: 3, vectors });
    expect(() =>
      decodePassageVectorTable(bytes.subarray(0, bytes.length - 5), 'cut.vectors'),
    ).toThrow(expect.objectContaining({ code: 'invalid_input', where: 'cut.vectors' }) as Error);
  });

  it('answers known passages from the table and embeds only the rest, in order', async () => {
    const inner = recordingEmbedder();
    const embedder = withPassageVectorTable(inner, {
      model: inner.modelId,
      dimension: 3,
      vectors,
    });
    expect(embedder.similarityFloor).toBe(0.4);
    const result = await embedder.embed([
      'SQuAD. Questions on Wikipedia.',
      'A new dataset.',
      'Cityscapes. Street scenes.',
    ]);
    expect(inner.calls).toEqual([{ texts: ['A new dataset.'], purpose: 'passage' }]);
    expect(result[0]).toEqual(vectors.get(passageKey('SQuAD. Questions on Wikipedia.')));
    expect(result[1]).toEqual(unit(['A new dataset.'.length, 1, 0]));
    expect(result[2]).toEqual(vectors.get(passageKey('Cityscapes. Street scenes.')));
    // Queries always go to the model, even when their text is in the table.
    await embedder.embed(['Cityscapes. Street scenes.'], 'query');
    expect(inner.calls.at(-1)).toEqual({ texts: ['Cityscapes. Street scenes.'], purpose: 'query' });
  });

  it('is not used for another model', async () => {
    const inner = recordingEmbedder();
    const embedder = withPassageVectorTable(inner, { model: 'other@1', dimension: 3, vectors });
    await embedder.embed(['Cityscapes. Street scenes.']);
    expect(inner.calls).toHaveLength(1);
  });
});
