import { describe, expect, it } from 'vitest';
import type { AnswerHit, AnswerSearchOptions, AnswerSearchResult } from '../answer-hit.js';
import { papersNamedBy, recentTitles, withPaperScope } from './paper-scope.js';

const titles = new Map([
  ['vnet', 'V-Net: Fully Convolutional Neural Networks for Volumetric Medical Image Segmentation'],
  ['deeplab', 'DeepLab: Semantic Image Segmentation with Deep Convolutional Nets'],
  ['resnet', 'Deep Residual Learning for Image Recognition'],
  ['squad', 'SQuAD: 100,000+ Questions for Machine Comprehension of Text'],
]);

describe('papersNamedBy', () => {
  const named = (question: string, maxScopedPapers = 5) =>
    papersNamedBy({ question, titles, maxScopedPapers });

  it('names the papers whose titles hold the words before "paper", "network", "model" …', () => {
    expect(named('How deep is the segmentation network?')).toEqual(['vnet', 'deeplab']);
    expect(named('What loss does the V-Net paper use?')).toEqual(['vnet']);
    expect(named('Which optimiser does the volumetric segmentation model use?')).toEqual(['vnet']);
    expect(named('How many questions are in the SQuAD paper?')).toEqual(['squad']);
  });

  it('names none for plain questions, generic words, or too many titles', () => {
    expect(named('Which optimiser is used for segmentation?')).toEqual([]);
    expect(named('What does the deep network learn?')).toEqual([]);
    expect(named('What does the image model learn?', 2)).toEqual([]);
  });
});

function hit(frameId: string, paperId: string, text = `Sentence ${frameId}.`): AnswerHit {
  return { frameId, paperId, paperTitle: titles.get(paperId) ?? paperId, text } as AnswerHit;
}

describe('withPaperScope', () => {
  const corpus = [
    hit('r1', 'resnet'),
    hit('r2', 'resnet'),
    hit('v1', 'vnet'),
    hit('d1', 'deeplab'),
  ];
  const search = (request: AnswerSearchOptions): Promise<AnswerSearchResult> => {
    const papers = request.filter?.paperIds;
    const hits = corpus.filter((entry) => !papers || papers.includes(entry.paperId));
    return Promise.resolve({
      query: request.query,
      hits: hits.slice(0, request.limit ?? 10),
      candidates: hits.length,
      clearAnswer: !papers,
    });
  };

  it('ranks the named papers first and fills the page with the rest, without repeats', async () => {
    const scoped = withPaperScope({
      search,
      paperTitles: () => Promise.resolve(titles),
      maxScopedPapers: 5,
    });
    const result = await scoped({
      query: 'What is the segmentation network trained with?',
      limit: 3,
    });
    expect(result.hits.map((entry) => entry.frameId)).toEqual(['v1', 'd1', 'r1']);
    expect(result.clearAnswer).toBe(false);
    const plain = await scoped({ query: 'What optimizer is used?', limit: 3 });
    expect(plain.hits.map((entry) => entry.frameId)).toEqual(['r1', 'r2', 'v1']);
    const filtered = await scoped({
      query: 'What is the segmentation network?',
      limit: 3,
      filter: { paperIds: ['resnet'] },
    });
    expect(filtered.hits.map((entry) => entry.frameId)).toEqual(['r1', 'r2']);
  });

  it('lists a sentence once when the two searches find different copies of its paper', async () => {
    const dice = 'The network is trained with the Dice loss.';
    const vnetTitle = titles.get('vnet') ?? '';
    // The V-Net paper stored twice (its PDF and its JSON, under two ids).
    const copies = new Map([...titles, ['vnet-copy', vnetTitle]]);
    const search = (request: AnswerSearchOptions): Promise<AnswerSearchResult> =>
      Promise.resolve({
        query: request.query,
        hits: request.filter?.paperIds
          ? [hit('v1', 'vnet', dice)]
          : [{ ...hit('c1', 'vnet-copy', dice), paperTitle: vnetTitle }, hit('r1', 'resnet')],
        candidates: 2,
        clearAnswer: true,
      });
    const scoped = withPaperScope({
      search,
      paperTitles: () => Promise.resolve(copies),
      maxScopedPapers: 5,
    });
    const result = await scoped({ query: 'What loss does the V-Net paper use?', limit: 2 });
    expect(result.hits.map((entry) => entry.frameId)).toEqual(['v1', 'r1']);
  });
});

describe('recentTitles', () => {
  it('reads again only after the maximum age', async () => {
    let reads = 0;
    let clock = 0;
    const titlesOf = recentTitles({
      read: () => {
        reads++;
        return Promise.resolve(titles);
      },
      maxAgeMs: 100,
      now: () => clock,
    });
    await titlesOf();
    clock = 50;
    await titlesOf();
    expect(reads).toBe(1);
    clock = 151;
    await titlesOf();
    expect(reads).toBe(2);
  });
});
