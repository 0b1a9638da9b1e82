/** Dataset mentions: whole-name matches only, remembered per in-memory index, never for PostgreSQL. */
import { describe, expect, it } from 'vitest';
import type { AnswerSearchOptions, AnswerSearchResult } from './answer-hit.js';
import { findDatasetMentions } from './dataset-mentions.js';

function countingIndex(backend: 'memory' | 'postgres') {
  const queries: string[] = [];
  const hit = (text: string, sentenceIndex: number) => ({
    frameId: `f${sentenceIndex}`,
    paperId: 'p1',
    paperTitle: 'Street Scenes',
    sentenceIndex,
    text,
  });
  const index = {
    backend,
    search(options: AnswerSearchOptions): Promise<AnswerSearchResult> {
      queries.push(options.query);
      return Promise.resolve({
        query: options.query,
        hits: [
          hit('We train on CityscapesX and more.', 1),
          hit('Results on Cityscapes are in Table 2.', 2),
        ],
        candidates: 2,
        clearAnswer: false,
      } as unknown as AnswerSearchResult);
    },
  };
  return { index, queries };
}

describe('findDatasetMentions', () => {
  it('keeps only sentences naming the dataset as a whole word', async () => {
    const { index } = countingIndex('postgres');
    const mentions = await findDatasetMentions({ index, names: ['Cityscapes'], limit: 5 });
    expect(mentions.map((mention) => mention.sentenceIndex)).toEqual([2]);
  });

  it('searches once per in-memory index for a repeated look-up; a new index searches again', async () => {
    const first = countingIndex('memory');
    const lookUp = (index: typeof first.index) =>
      findDatasetMentions({ index, names: ['Cityscapes'], limit: 2 });
    const once = await lookUp(first.index);
    once[0]!.text = 'changed by a caller';
    const twice = await lookUp(first.index);
    expect(first.queries).toEqual(['Cityscapes dataset']);
    expect(twice[0]?.text).toBe('Results on Cityscapes are in Table 2.');
    const second = countingIndex('memory');
    await lookUp(second.index);
    expect(second.queries).toHaveLength(1);
  });

  it('finds mentions by words alone where the backend can (no answer search)', async () => {
    const searched: string[] = [];
    const index = {
      backend: 'postgres' as const,
      search: () => Promise.reject(new Error('the answer search should not run')),
      sentencesMatching: (query: string, limit: number) => {
        searched.push(`${query}/${limit}`);
        return Promise.resolve([
          { frameId: 'f1', paperId: 'p1', paperTitle: 'T', sentenceIndex: 1, text: 'A dataset.' },
          { frameId: 'f2', paperId: 'p1', paperTitle: 'T', sentenceIndex: 2, text: 'On KITTI.' },
        ]);
      },
    };
    const mentions = await findDatasetMentions({ index, names: ['KITTI'], limit: 3 });
    expect(mentions.map((mention) => mention.frameId)).toEqual(['f2']);
    expect(searched).toEqual(['KITTI dataset/40']);
  });

  it('never remembers the PostgreSQL backend (other processes change what it finds)', async () => {
    const { index, queries } = countingIndex('postgres');
    await findDatasetMentions({ index, names: ['Cityscapes'], limit: 2 });
    await findDatasetMentions({ index, names: ['Cityscapes'], limit: 2 });
    expect(queries).toHaveLength(2);
  });
});
