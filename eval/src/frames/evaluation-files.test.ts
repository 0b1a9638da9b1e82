import { describe, expect, it } from 'vitest';
import { parseInPaperQuestions } from './inpaper-questions.js';
import { firstRelevantRank, percent, summariseRanks } from '../retrieval-metrics.js';
import { reqaCandidatePool } from './reqa-benchmark.js';
import { squadBenchmarkFromJson } from './squad-frames.js';
import { lexicalOverlap } from './inpaper-benchmark.js';

describe('squadBenchmarkFromJson', () => {
  const context = 'Alpha is first. Beta is second. Gamma is third.';
  const data = squadBenchmarkFromJson(
    {
      data: [
        {
          title: 'Letters',
          paragraphs: [
            {
              context,
              qas: [
                {
                  id: 'q1',
                  question: 'Which is second?',
                  answers: [{ answer_start: context.indexOf('Beta') }],
                },
              ],
            },
            // The same paragraph again: indexed once, its questions point at the first copy.
            {
              context,
              qas: [
                {
                  id: 'q2',
                  question: 'Which is third?',
                  answers: [{ answer_start: context.indexOf('Gamma') }],
                },
              ],
            },
          ],
        },
      ],
    },
    'test.json',
  );

  it('makes one paper per article and one section per distinct paragraph', () => {
    expect(data.papers).toHaveLength(1);
    expect(data.sentences).toBe(3);
    const paper = data.papers[0];
    expect(paper?.sections).toHaveLength(1);
    for (const sentence of paper?.sentences ?? []) {
      expect(paper?.text.slice(sentence.charStart, sentence.charEnd)).toBe(sentence.text);
    }
  });

  it('targets the sentence holding the first answer', () => {
    expect(data.questions.map((question) => [question.questionId, question.sentenceIndex])).toEqual(
      [
        ['q1', 1],
        ['q2', 2],
      ],
    );
  });

  it('builds the candidate pool from every answer sentence, and reads only the kept articles', () => {
    const twoAnswers = squadBenchmarkFromJson(
      {
        data: [
          { title: 'Skipped', paragraphs: [{ context: 'Only here.', qas: [] }] },
          {
            title: 'Kept',
            paragraphs: [
              {
                context,
                qas: [
                  {
                    id: 'q3',
                    question: 'Which letters?',
                    answers: [
                      { answer_start: context.indexOf('Gamma') },
                      { answer_start: context.indexOf('Alpha') },
                      { answer_start: context.indexOf('Gamma') },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      'two.json',
      { keepArticle: (index) => index % 2 === 1 },
    );
    expect(twoAnswers.papers.map((paper) => paper.title)).toEqual(['Kept']);
    expect(twoAnswers.questions[0]).toMatchObject({
      sentenceIndex: 2,
      answerSentenceIndices: [2, 0],
    });
    const pool = reqaCandidatePool(twoAnswers);
    expect(pool.candidates).toEqual(['Alpha is first.', 'Beta is second.', 'Gamma is third.']);
    expect(pool.queries).toEqual([{ text: 'Which letters?', relevant: new Set([2, 0]) }]);
  });

  it('rejects a file that is not SQuAD', () => {
    expect(() => squadBenchmarkFromJson({ version: 1 }, 'x.json')).toThrow(/not a SQuAD file/);
  });
});

describe('ranking metrics', () => {
  it('averages reciprocal ranks and recall at k, counting misses as 0', () => {
    const summary = summariseRanks({ ranks: [1, 2, null, 5], cutoffs: [1, 5] });
    expect(summary.reciprocalRank).toBeCloseTo((1 + 0.5 + 0 + 0.2) / 4);
    expect(summary.recall).toEqual({ 1: 0.25, 5: 0.75 });
    expect(percent(0.66549)).toBe(66.5);
    expect(firstRelevantRank(['a', 'b', 'c'], (item) => item === 'b')).toBe(2);
    expect(firstRelevantRank(['a'], () => false)).toBeNull();
  });
});

describe('in-paper questions', () => {
  it('parses JSON Lines and names the bad line', () => {
    const parsed = parseInPaperQuestions(
      '{"paper_id": "p", "question": "Why?", "gold_sentence_ids": [3, 4]}\n\n',
      'q.jsonl',
    );
    expect(parsed).toEqual([{ paperId: 'p', question: 'Why?', goldSentenceIds: [3, 4] }]);
    expect(() => parseInPaperQuestions('{"paper_id": "p", "question": "Why?"}', 'q.jsonl')).toThrow(
      /q\.jsonl:1.*gold_sentence_ids/,
    );
  });

  it('measures how many of the question content words the gold sentences share', () => {
    expect(
      lexicalOverlap('Which optimizer is used for training?', ['We train with Adam.']),
    ).toBeCloseTo(1 / 3);
    expect(lexicalOverlap('What is the learning rate?', ['The learning rate is 0.1.'])).toBe(1);
  });
});
