import { describe, expect, it } from 'vitest';
import { fuseRelevance } from './relevance-fusion.js';

const all = (count: number) => new Uint8Array(count).fill(1);

describe('fuseRelevance', () => {
  it('by scores: each channel divided by its best, weighted and summed', () => {
    const { relevance, matched } = fuseRelevance({
      channels: [
        { weight: 0.5, scores: Float64Array.from([4, 2, 0]) },
        { weight: 0.5, scores: Float64Array.from([0, 0.5, 1]) },
      ],
      eligible: all(3),
      fusion: 'scores',
      rankConstant: 60,
    });
    expect([...relevance]).toEqual([0.5, 0.5, 0.5]);
    expect([...matched]).toEqual([1, 1, 1]);
  });

  it('by ranks: weighted reciprocal ranks, the best possible being 1', () => {
    const { relevance } = fuseRelevance({
      channels: [
        { weight: 0.6, scores: Float64Array.from([9, 5, 1, 0]) },
        { weight: 0.4, scores: Float64Array.from([0.2, 0.9, 0.1, 0]) },
      ],
      eligible: all(4),
      fusion: 'ranks',
      rankConstant: 1,
    });
    // Dataset 0: ranks 1 and 2; dataset 1: ranks 2 and 1; best possible (0.6 + 0.4) / 2.
    expect(relevance[0]).toBeCloseTo((0.6 / 2 + 0.4 / 3) / 0.5);
    expect(relevance[1]).toBeCloseTo((0.6 / 3 + 0.4 / 2) / 0.5);
    expect(relevance[0]! > relevance[1]!).toBe(true);
    expect(relevance[3]).toBe(0);
  });

  it('leaves out datasets that are not eligible, and a channel at weight 0 only marks matches', () => {
    const { relevance, matched } = fuseRelevance({
      channels: [
        { weight: 1, scores: Float64Array.from([1, 3]) },
        { weight: 0, scores: Float64Array.from([0, 0, 1]) },
      ],
      eligible: Uint8Array.from([1, 0, 1]),
      fusion: 'scores',
      rankConstant: 60,
    });
    expect([...relevance]).toEqual([1, 0, 0]);
    expect([...matched]).toEqual([1, 0, 1]);
  });
});
