import { describe, expect, it } from 'vitest';
import type { WordVectors } from '@quarry/core';
import { contentWords, createWordMatcher } from './word-match.js';

/** Hand-made 2-d vectors, most frequent first: hardware and gpus point the same way. */
function tinyVectors(): WordVectors {
  const table: [string, number, number][] = [
    ['trained', 0, 1],
    ['hardware', 1, 0],
    ['gpus', 0.9, 0.1],
    ['cards', 0.8, 0.2],
    ['dropout', -1, 0],
  ];
  const rows = new Map(table.map(([word], row) => [word, row]));
  return {
    id: 'tiny',
    dimension: 2,
    size: table.length,
    rowOf: (word) => rows.get(word),
    similarity(left, right) {
      const [, ax = 0, ay = 0] = table[left] ?? [];
      const [, bx = 0, by = 0] = table[right] ?? [];
      return (ax * bx + ay * by) / (Math.hypot(ax, ay) * Math.hypot(bx, by));
    },
  };
}

describe('contentWords', () => {
  it('keeps distinct lowercased content words, not stopwords, numbers or one letter', () => {
    expect(contentWords('The model was trained on 8 GPUs, the GPUs of a cluster.')).toEqual([
      'model',
      'trained',
      'gpus',
      'cluster',
    ]);
  });
});

describe('createWordMatcher', () => {
  it('scores a sentence by how much of the question its words cover through the vectors', () => {
    const matcher = createWordMatcher({ query: 'What hardware?', wordVectors: tinyVectors() });
    const gpus = matcher?.score(contentWords('We used eight GPUs.')) ?? 0;
    const dropout = matcher?.score(contentWords('We used dropout.')) ?? 0;
    expect(gpus).toBeCloseTo(0.9 / Math.hypot(0.9, 0.1));
    expect(dropout).toBe(0);
    expect(matcher?.score(contentWords('The hardware is old.'))).toBe(1);
  });

  it('weights rare question words above common ones and lets unknown words match only themselves', () => {
    const matcher = createWordMatcher({
      query: 'hardware trained zyxoid',
      wordVectors: tinyVectors(),
    });
    const common = matcher?.score(['trained']) ?? 0;
    const rarer = matcher?.score(['hardware']) ?? 0;
    expect(rarer).toBeGreaterThan(common);
    const unknown = matcher?.score(['zyxoid']) ?? 0;
    expect(unknown).toBeGreaterThan(rarer);
    expect(matcher?.score(['zyxoids'])).toBeCloseTo(unknown);
    expect(matcher?.score(['hardware', 'trained', 'zyxoid'])).toBeCloseTo(1);
  });

  it('is null for a question with no content word', () => {
    expect(createWordMatcher({ query: 'what is it?', wordVectors: tinyVectors() })).toBeNull();
  });
});
