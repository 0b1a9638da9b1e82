/** Dataset mentions: whole-name matches only, found by words alone where the backend can. */
import { describe, expect, it } from 'vitest';
import type { AnswerSearchOptions, AnswerSearchResult } from './answer-hit.js';
import { findDatasetMentions } from './dataset-mentions.js';

function answerIndex() {
  const hit = (text: string, sentenceIndex: number) => ({
    frameId: `f${sentenceIndex}`,
    paperId: 'p1',
    paperTitle: 'Street Scenes',
    sentenceIndex,
    text,
  });
  return {
    search(options: AnswerSearchOptions): Promise<AnswerSearchResult> {
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
}

describe('findDatasetMentions', () => {
  it('keeps only sentences naming the dataset as a whole word', async () => {
    const mentions = await findDatasetMentions({
      index: answerIndex(),
      names: ['Cityscapes'],
      limit: 5,
    });
    expect(mentions.map((mention) => mention.sentenceIndex)).toEqual([2]);
  });

  it('finds mentions by words alone where the backend can (no answer search)', async () => {
    const searched: string[] = [];
    const index = {
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
});
