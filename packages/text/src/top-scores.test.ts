import { describe, expect, it } from 'vitest';
import { TopScores } from './top-scores.js';

describe('TopScores', () => {
  it('keeps the best items, best first, ties by lower item number', () => {
    const top = new TopScores(3);
    const offers = [
      { item: 5, score: 1 },
      { item: 1, score: 4 },
      { item: 9, score: 2 },
      { item: 3, score: 4 },
      { item: 2, score: 0.5 },
      { item: 7, score: 2 },
    ];
    for (const offer of offers) top.offer(offer.item, offer.score);
    expect(top.toSorted()).toEqual([
      { item: 1, score: 4 },
      { item: 3, score: 4 },
      { item: 7, score: 2 },
    ]);
    expect(top.wouldKeep(8, 2)).toBe(false);
    expect(top.wouldKeep(0, 2)).toBe(true);
  });

  it('agrees with a full sort on many offers', () => {
    const offers = Array.from({ length: 1000 }, (_, item) => ({
      item,
      score: (item * 7919) % 613,
    }));
    const top = new TopScores(25);
    for (const offer of offers) top.offer(offer.item, offer.score);
    const sorted = [...offers].sort(
      (left, right) => right.score - left.score || left.item - right.item,
    );
    expect(top.toSorted()).toEqual(sorted.slice(0, 25));
  });

  it('keeps nothing with no capacity', () => {
    const top = new TopScores(0);
    top.offer(1, 10);
    expect(top.toSorted()).toEqual([]);
  });
});
