import { describe, expect, it } from 'vitest';
import { normalizeScores } from './normalize-scores.js';

describe('normalizeScores', () => {
  it('divides by the top score and keeps order and other fields', () => {
    const hits = [
      { id: 'b', score: 2, source: 'bm25' },
      { id: 'a', score: 8, source: 'bm25' },
      { id: 'c', score: 4, source: 'bm25' },
    ];
    expect(normalizeScores(hits)).toEqual([
      { id: 'b', score: 0.25, source: 'bm25' },
      { id: 'a', score: 1, source: 'bm25' },
      { id: 'c', score: 0.5, source: 'bm25' },
    ]);
    expect(hits[0]?.score).toBe(2);
  });

  it('maps to zeros when nothing scored and handles an empty list', () => {
    expect(normalizeScores([{ id: 1, score: 0 }])).toEqual([{ id: 1, score: 0 }]);
    expect(normalizeScores([])).toEqual([]);
  });
});
