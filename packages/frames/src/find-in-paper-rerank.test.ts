/**
 * In-paper find's rerank step with a scripted cross-encoder: the model's `rerank` reorders the
 * hybrid ranking's head, table rows keep their slots unread unless a sentence scores as a clear
 * answer, the scores reach the hits, and `inPaperRerankDepth` 0 leaves the hybrid order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '@quarry/core';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createHashingEmbedder } from '@quarry/testing';
import { findInPaper } from './find-in-paper.js';
import { loadFrameIndex } from './load-frame-index.js';
import { paperOf } from './test-support/paper-of-sections.js';

const sentences = [
  { title: '1 Introduction', text: 'Street scene parsing labels every pixel of an urban image.' },
  { title: '3 Data', text: 'The street images were recorded in fifty cities across Europe.' },
  {
    title: 'Table 1',
    kind: 'table' as const,
    text: 'Table 1: Street images · cities 50 · images 5000',
  },
  { title: '4 Experiments', text: 'We train on street images from every city for ten epochs.' },
];

/** The hashing embedder with a cross-encoder that likes the introduction best, then the data. */
function withScriptedReranker(read: string[][]): Embedder {
  const embedder = createHashingEmbedder();
  return {
    ...embedder,
    embed: embedder.embed.bind(embedder),
    rerankerId: 'scripted@0',
    rerank: (_query, passages) => {
      read.push([...passages]);
      const score = (passage: string) =>
        /every pixel/.test(passage) ? 9 : /fifty cities/.test(passage) ? 0 : -9;
      return Promise.resolve(passages.map(score));
    },
  };
}

describe('in-paper find reorders its best hits with the model’s cross-encoder', () => {
  let store: Store;
  const paper = paperOf('rerank-paper', sentences);
  const question = 'How many cities do the street images come from?';

  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
    await store.papers.upsert(paper);
  });
  afterAll(async () => {
    await store.close();
  });

  async function ask(
    inPaperRerankDepth: number,
    read: string[][],
    maxResults = 100,
    rerankClearScore = 100,
  ) {
    const { index } = await loadFrameIndex({
      store,
      embedder: withScriptedReranker(read),
      settings: { inPaperRerankDepth, rerankFusionK: 1, maxResults, rerankClearScore },
    });
    const limit = Math.min(4, maxResults);
    return findInPaper({ index, paperId: paper.id, query: question, mode: 'question', limit });
  }

  it('lifts the sentence the cross-encoder prefers, keeps the table row in its slot', async () => {
    const hybridOnly = await ask(0, []);
    const read: string[][] = [];
    const reranked = await ask(10, read);
    expect(read).toHaveLength(1);
    expect(read[0]).not.toContain(sentences[2]!.text);
    const positionOf = (hits: { text: string }[], text: string) =>
      hits.findIndex((hit) => hit.text === text);
    const introduction = sentences[0]!.text;
    const training = sentences[3]!.text;
    // The hashing embedder ranks the introduction last; the cross-encoder's favourite climbs over
    // the training sentence (fused with k = 1: 1/4 + 1/2 against 1/3 + 1/4).
    expect(positionOf(hybridOnly.hits, introduction)).toBeGreaterThan(
      positionOf(hybridOnly.hits, training),
    );
    expect(positionOf(reranked.hits, introduction)).toBeLessThan(
      positionOf(reranked.hits, training),
    );
    const tableRow = sentences[2]!.text;
    expect(positionOf(reranked.hits, tableRow)).toBe(positionOf(hybridOnly.hits, tableRow));
    expect(reranked.hits.find((hit) => hit.text === introduction)?.rerankScore).toBe(9);
    expect(reranked.hits.find((hit) => hit.text === tableRow)?.rerankScore).toBeUndefined();
  });

  it('puts a sentence scored as a clear answer before the table row', async () => {
    const positionOf = (hits: { text: string }[], text: string) =>
      hits.findIndex((hit) => hit.text === text);
    const introduction = sentences[0]!.text;
    const tableRow = sentences[2]!.text;
    const held = await ask(10, [], 100, 100);
    expect(positionOf(held.hits, tableRow)).toBeLessThan(positionOf(held.hits, introduction));
    // The introduction scores 9, at least the clear score 8: no unread row stays above it.
    const clear = await ask(10, [], 100, 8);
    expect(positionOf(clear.hits, tableRow)).toBeGreaterThan(positionOf(clear.hits, introduction));
  });

  it('leaves the hybrid order and reads nothing at depth 0', async () => {
    const read: string[][] = [];
    const result = await ask(0, read);
    expect(read).toEqual([]);
    expect(result.hits.every((hit) => hit.rerankScore === undefined)).toBe(true);
  });

  it('reads no more hits than one search may return, whatever the depth says', async () => {
    const read: string[][] = [];
    await ask(1000, read, 3);
    // The best three are the table row and two sentences; the paper's third sentence is not read.
    expect(read).toHaveLength(1);
    expect(read[0]).toHaveLength(2);
  });
});
