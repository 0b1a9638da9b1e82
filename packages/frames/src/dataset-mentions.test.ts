/**
 * Dataset mentions: sentences of running text that name that very dataset, found by words alone
 * where the backend can.
 */
import { describe, expect, it } from 'vitest';
import type { AnswerSearchOptions, AnswerSearchResult } from './answer-hit.js';
import { findDatasetMentions } from './dataset-mentions.js';

function answerIndex(
  sentences: { text: string; sectionTitle?: string }[] = [
    { text: 'We train on the CityscapesX dataset and more.' },
    { text: 'Results on the Cityscapes dataset are in Table 2.' },
  ],
) {
  const hit = (sentence: { text: string; sectionTitle?: string }, sentenceIndex: number) => ({
    frameId: `f${sentenceIndex}`,
    paperId: 'p1',
    paperTitle: 'Street Scenes',
    sectionTitle: sentence.sectionTitle ?? 'Experiments',
    sentenceIndex,
    text: sentence.text,
  });
  return {
    search(options: AnswerSearchOptions): Promise<AnswerSearchResult> {
      return Promise.resolve({
        query: options.query,
        hits: sentences.map((sentence, position) => hit(sentence, position + 1)),
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
          {
            frameId: 'f1',
            paperId: 'p1',
            paperTitle: 'T',
            sectionTitle: 'Data',
            sentenceIndex: 1,
            text: 'A dataset.',
          },
          {
            frameId: 'f2',
            paperId: 'p1',
            paperTitle: 'T',
            sectionTitle: 'Data',
            sentenceIndex: 2,
            text: 'On the KITTI benchmark.',
          },
        ]);
      },
    };
    const mentions = await findDatasetMentions({ index, names: ['KITTI'], limit: 3 });
    expect(mentions.map((mention) => mention.frameId)).toEqual(['f2']);
    expect(searched).toEqual(['KITTI dataset/40']);
  });

  it('skips longer names holding the name, and the bibliography', async () => {
    const index = answerIndex([
      { text: 'Accuracy on the Fashion-MNIST dataset drops by four points.' },
      { text: 'Toy-MNIST: small toy digits. arXiv preprint arXiv:1901.00001, 2019.' },
      { text: 'The MNIST dataset: handwritten digits.', sectionTitle: 'REFERENCES' },
      {
        text: '[7] J. Doe, K. Roe. Gradient learning on the MNIST dataset. In Proc. of the Toy Conference, 1998.',
      },
      { text: 'We report error rates on the MNIST dataset.' },
    ]);
    const mentions = await findDatasetMentions({ index, names: ['MNIST'], limit: 5 });
    expect(mentions.map((mention) => mention.sentenceIndex)).toEqual([5]);
  });

  it('takes an ambiguous name only where the sentence says a dataset is meant', async () => {
    const index = answerIndex([
      { text: 'Digits are written with a stylus.' },
      { text: 'Our second benchmark is the Digits dataset of small images.' },
    ]);
    const mentions = await findDatasetMentions({ index, names: ['Digits'], limit: 5 });
    expect(mentions.map((mention) => mention.sentenceIndex)).toEqual([2]);
  });
});
