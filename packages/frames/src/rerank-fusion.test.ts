import { describe, expect, it } from 'vitest';
import { fuseReciprocalRanks, rerankOrder } from './rerank-fusion.js';

describe('fuseReciprocalRanks', () => {
  it('lifts a hit both orders rate well over one only the hybrid rates first', () => {
    // Hybrid order 0,1,2,3; the cross-encoder puts 2 first, 1 second, 0 last.
    const order = fuseReciprocalRanks({ count: 5, scores: [-5, 4, 9, 0], fusionK: 1 });
    // Fused (k=1): 0 -> 1/2+1/5, 1 -> 1/3+1/3, 2 -> 1/4+1/2, 3 -> 1/5+1/4; position 4 stays last.
    expect(order).toEqual([2, 0, 1, 3, 4]);
  });

  it('keeps the hybrid order when the cross-encoder agrees, and on ties', () => {
    expect(fuseReciprocalRanks({ count: 3, scores: [3, 2, 1], fusionK: 60 })).toEqual([0, 1, 2]);
    expect(fuseReciprocalRanks({ count: 2, scores: [1, 1], fusionK: 60 })).toEqual([0, 1]);
  });
});

describe('rerankOrder', () => {
  it('asks the reranker about the head only and leaves the tail in place', async () => {
    const asked: string[][] = [];
    const result = await rerankOrder({
      query: 'q',
      texts: ['a', 'b', 'c', 'd'],
      depth: 2,
      fusionK: 60,
      rerank: (_query, passages) => {
        asked.push([...passages]);
        return Promise.resolve([0, 5]);
      },
    });
    expect(asked).toEqual([['a', 'b']]);
    expect(result.order.slice(2)).toEqual([2, 3]);
    expect(result.scores).toEqual([0, 5, null, null]);
  });

  it('leaves positions it is told to keep in their slots and reorders the prose around them', async () => {
    const asked: string[][] = [];
    const result = await rerankOrder({
      query: 'q',
      texts: ['a', 'row', 'b', 'c'],
      depth: 4,
      fusionK: 1,
      keep: (position) => position === 1,
      rerank: (_query, passages) => {
        asked.push([...passages]);
        return Promise.resolve([0, 9, 1]);
      },
    });
    expect(asked).toEqual([['a', 'b', 'c']]);
    // Prose fused (k=1): a 1/2+1/4, b 1/3+1/2, c 1/4+1/3: b, a, c around the kept row.
    expect(result.order).toEqual([2, 1, 0, 3]);
    expect(result.scores).toEqual([0, null, 9, 1]);
  });

  it('puts prose scored as a clear answer before kept rows still ahead of it', async () => {
    const texts = ['row 1', 'row 2', 'a', 'b', 'row 3'];
    const orderAt = async (clearScore?: number) =>
      (
        await rerankOrder({
          query: 'q',
          texts,
          depth: 5,
          fusionK: 60,
          keep: (position) => texts[position]!.startsWith('row'),
          rerank: () => Promise.resolve([9, 2]),
          ...(clearScore === undefined ? {} : { clearScore }),
        })
      ).order;
    // "a" is clear (9 >= 8): it goes first; "b" is not and keeps its place after the rows.
    expect(await orderAt(8)).toEqual([2, 0, 1, 3, 4]);
    expect(await orderAt(10)).toEqual([0, 1, 2, 3, 4]);
    expect(await orderAt()).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the hybrid order without a reranker or with depth 0', async () => {
    const texts = ['a', 'b', 'c'];
    for (const options of [
      { depth: 0, rerank: () => Promise.resolve([9, 8, 7]) },
      { depth: 3, rerank: undefined },
    ]) {
      const result = await rerankOrder({ query: 'q', texts, fusionK: 60, ...options });
      expect(result.order).toEqual([0, 1, 2]);
    }
  });
});
