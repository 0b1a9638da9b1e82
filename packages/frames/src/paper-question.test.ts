import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { loadFrameIndex } from './load-frame-index.js';
import { answerPaperQuestion, namedPaper } from './paper-question.js';
import type { AnswerSearch } from './search/answer-search.js';
import { memoryAnswerSearch } from './search/memory-answer-search.js';
import { createHashingEmbedder } from '@quarry/testing';
import { samplePapers } from './test-support/sample-papers.js';

describe('questions about papers', () => {
  let store: Store;
  let index: AnswerSearch;
  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
    for (const paper of samplePapers) await store.papers.upsert(paper);
    const loaded = await loadFrameIndex({ store, embedder: createHashingEmbedder() });
    index = memoryAnswerSearch(loaded.index, store);
  });
  afterAll(async () => {
    await store.close();
  });

  it('scopes a question to the paper that uses the name it mentions most', async () => {
    const answer = await answerPaperQuestion({
      index,
      question: 'how many iterations does the Cityscapes paper train for?',
      limit: 3,
    });
    expect(answer.paper).toEqual({
      id: 'paper-segmentation',
      title: 'Residual Networks for Street Scenes',
    });
    expect(answer.hits.length).toBeGreaterThan(0);
    expect(answer.hits.every((hit) => hit.paperId === 'paper-segmentation')).toBe(true);
    expect(answer.hits[0]?.text).toBe('We use a batch size of 3 and train for 45000 iterations.');
  });

  it('finds a paper by words of its title, given as a hint', async () => {
    const answer = await answerPaperQuestion({
      index,
      question: 'learning rate',
      paperHint: 'Attention for Translation',
      limit: 1,
    });
    expect(answer.paper?.id).toBe('paper-translation');
    expect(answer.hits[0]?.text).toContain('learning rate of 0.001');
  });

  it('searches every paper when the question names none', async () => {
    expect(await namedPaper(index, 'what is a limitation of the approach?')).toBeNull();
    const answer = await answerPaperQuestion({
      index,
      question: 'what is a limitation of the approach?',
      limit: 2,
    });
    expect(answer.paper).toBeNull();
    expect(answer.hits[0]?.text).toContain('limitation');
  });
});
