import { describe, expect, it } from 'vitest';
import { rankHybrid } from './hybrid-ranking.js';

describe('rankHybrid', () => {
  it('adds alpha times BM25 divided by the top BM25 to the max-pooled cosine', () => {
    const ranked = rankHybrid({
      candidates: [
        { frame: 0, answerSimilarity: 0.2, bestQuestion: null, bm25: 10 },
        {
          frame: 1,
          answerSimilarity: 0.3,
          bestQuestion: { questionId: 'q1', similarity: 0.9 },
          bm25: 2,
        },
        {
          frame: 2,
          answerSimilarity: 0.5,
          bestQuestion: { questionId: 'q2', similarity: 0.4 },
          bm25: 0,
        },
      ],
      topBm25: 10,
      alpha: 0.5,
      limit: 3,
    });
    expect(ranked.map((score) => score.frame)).toEqual([1, 0, 2]);
    expect(ranked[0]).toMatchObject({ cosine: 0.9, lexical: 0.2, matchedQuestionId: 'q1' });
    expect(ranked[0]?.score).toBeCloseTo(0.9 + 0.5 * 0.2);
    expect(ranked[1]?.score).toBeCloseTo(0.2 + 0.5);
    // The answer vector wins the max-pool over a weaker question.
    expect(ranked[2]).toMatchObject({ cosine: 0.5, matchedQuestionId: null });
  });

  it('lets the lexical score stand in for the cosine of a frame whose vector is not in yet', () => {
    const ranked = rankHybrid({
      candidates: [
        { frame: 0, answerSimilarity: 0.6, bestQuestion: null, bm25: 2 },
        { frame: 1, answerSimilarity: 0, bestQuestion: null, bm25: 8, awaitsVector: true },
        { frame: 2, answerSimilarity: 0, bestQuestion: null, bm25: 2, awaitsVector: true },
      ],
      topBm25: 8,
      alpha: 0.5,
      limit: 3,
    });
    expect(ranked.map((score) => score.frame)).toEqual([1, 0, 2]);
    expect(ranked[0]).toMatchObject({ cosine: 1, lexical: 1 });
    expect(ranked[2]).toMatchObject({ cosine: 0.25, lexical: 0.25 });
  });

  it('scores BM25 as 0 when no document matched and keeps only the limit', () => {
    const ranked = rankHybrid({
      candidates: [
        { frame: 3, answerSimilarity: 0.1, bestQuestion: null, bm25: 0 },
        { frame: 4, answerSimilarity: 0.1, bestQuestion: null, bm25: 0 },
      ],
      topBm25: 0,
      alpha: 2,
      limit: 1,
    });
    expect(ranked).toEqual([
      {
        frame: 3,
        score: 0.1,
        cosine: 0.1,
        lexical: 0,
        questionLexical: 0,
        wordMatch: 0,
        matchedQuestionId: null,
      },
    ]);
  });

  it('adds the weighted word-vector coverage, so a paraphrase can pass a lexical near-miss', () => {
    const ranked = rankHybrid({
      candidates: [
        { frame: 0, answerSimilarity: 0.4, bestQuestion: null, bm25: 3, wordMatch: 0.2 },
        { frame: 1, answerSimilarity: 0.4, bestQuestion: null, bm25: 2, wordMatch: 0.9 },
      ],
      topBm25: 3,
      alpha: 0.5,
      wordMatchWeight: 0.5,
      limit: 2,
    });
    expect(ranked.map((score) => score.frame)).toEqual([1, 0]);
    expect(ranked[0]).toMatchObject({ wordMatch: 0.9 });
    expect(ranked[0]?.score).toBeCloseTo(0.4 + 0.5 * (2 / 3) + 0.5 * 0.9);
    expect(ranked[1]?.score).toBeCloseTo(0.4 + 0.5 + 0.5 * 0.2);
    const off = rankHybrid({
      candidates: [
        { frame: 1, answerSimilarity: 0.4, bestQuestion: null, bm25: 2, wordMatch: 0.9 },
      ],
      topBm25: 3,
      alpha: 0.5,
      limit: 1,
    });
    expect(off[0]?.score).toBeCloseTo(0.4 + 0.5 * (2 / 3));
  });

  it('computes the coverage of every candidate when it weighs, else only of the returned ones', () => {
    const asked: number[] = [];
    const wordMatchOf = (frame: number) => {
      asked.push(frame);
      return frame === 1 ? 0.9 : 0.1;
    };
    const candidates = [0, 1, 2].map((frame) => ({
      frame,
      answerSimilarity: 0.5 - frame * 0.1,
      bestQuestion: null,
      bm25: 0,
    }));
    const weighed = rankHybrid({
      candidates,
      topBm25: 0,
      alpha: 1,
      wordMatchWeight: 1,
      wordMatchOf,
      limit: 1,
    });
    expect(weighed[0]).toMatchObject({ frame: 1, wordMatch: 0.9 });
    expect(asked).toEqual([0, 1, 2]);
    asked.length = 0;
    const unweighed = rankHybrid({ candidates, topBm25: 0, alpha: 1, wordMatchOf, limit: 1 });
    expect(unweighed[0]).toMatchObject({ frame: 0, wordMatch: 0.1, score: 0.5 });
    expect(asked).toEqual([0]);
  });

  it('adds the answer-type weight to candidates that hold the kind of answer asked for', () => {
    const ranked = rankHybrid({
      candidates: [
        { frame: 0, answerSimilarity: 0.5, bestQuestion: null, bm25: 5 },
        { frame: 1, answerSimilarity: 0.45, bestQuestion: null, bm25: 5, hasAnswerType: true },
      ],
      topBm25: 5,
      alpha: 1,
      answerTypeWeight: 0.2,
      limit: 2,
    });
    expect(ranked.map((score) => score.frame)).toEqual([1, 0]);
    expect(ranked[0]?.score).toBeCloseTo(0.45 + 1 + 0.2);
    expect(ranked[1]?.score).toBeCloseTo(0.5 + 1);
  });

  it('adds the best question BM25 over the full-match question BM25, weighted, inside alpha', () => {
    const ranked = rankHybrid({
      candidates: [
        { frame: 0, answerSimilarity: 0.3, bestQuestion: null, bm25: 4, questionBm25: 0 },
        { frame: 1, answerSimilarity: 0.3, bestQuestion: null, bm25: 2, questionBm25: 6 },
        { frame: 2, answerSimilarity: 0.3, bestQuestion: null, bm25: 2, questionBm25: 3 },
      ],
      topBm25: 4,
      alpha: 1,
      questionBm25FullMatch: 6,
      questionLexicalWeight: 0.5,
      limit: 3,
    });
    expect(ranked.map((score) => score.frame)).toEqual([0, 1, 2]);
    expect(ranked[1]).toMatchObject({ lexical: 0.5, questionLexical: 1 });
    expect(ranked[1]?.score).toBeCloseTo(0.3 + 1 * (0.5 + 0.5 * 1));
    expect(ranked[2]?.score).toBeCloseTo(0.3 + 1 * (0.5 + 0.5 * 0.5));
    const off = rankHybrid({
      candidates: [
        { frame: 1, answerSimilarity: 0.3, bestQuestion: null, bm25: 2, questionBm25: 6 },
      ],
      topBm25: 4,
      alpha: 1,
      questionBm25FullMatch: 6,
      limit: 1,
    });
    expect(off[0]?.score).toBeCloseTo(0.3 + 0.5);
  });

  it('keeps the best of the frames that share a sentence key and fills the limit from below', () => {
    // Frames 0 and 2 are one sentence stated twice; 2 scores higher (its context differs).
    const sentenceOf = ['dice loss', 'adam', 'dice loss', 'batch size'];
    const candidates = [0.6, 0.5, 0.9, 0.4].map((answerSimilarity, frame) => ({
      frame,
      answerSimilarity,
      bestQuestion: null,
      bm25: 0,
    }));
    const ranked = rankHybrid({
      candidates,
      topBm25: 0,
      alpha: 1,
      sentenceKeyOf: (frame) => sentenceOf[frame] ?? '',
      limit: 3,
    });
    expect(ranked.map((score) => score.frame)).toEqual([2, 1, 3]);
    const everyFrame = rankHybrid({ candidates, topBm25: 0, alpha: 1, limit: 3 });
    expect(everyFrame.map((score) => score.frame)).toEqual([2, 0, 1]);
  });

  it('subtracts the weighted section penalty, so an own-work sentence passes a related-work one', () => {
    const candidates = [
      { frame: 0, answerSimilarity: 0.62, bestQuestion: null, bm25: 0, sectionPenalty: 1 },
      { frame: 1, answerSimilarity: 0.6, bestQuestion: null, bm25: 0, sectionPenalty: 0 },
    ];
    const off = rankHybrid({ candidates, topBm25: 0, alpha: 1, limit: 2 });
    expect(off.map((score) => score.frame)).toEqual([0, 1]);
    const on = rankHybrid({
      candidates,
      topBm25: 0,
      alpha: 1,
      sectionPreferenceWeight: 0.1,
      limit: 2,
    });
    expect(on.map((score) => score.frame)).toEqual([1, 0]);
    expect(on[1]?.score).toBeCloseTo(0.62 - 0.1);
  });

  it('adds the weighted table-cell match, so the row a question names passes prose', () => {
    const candidates = [
      { frame: 0, answerSimilarity: 0.62, bestQuestion: null, bm25: 0 },
      { frame: 1, answerSimilarity: 0.6, bestQuestion: null, bm25: 0, tableCellMatch: 1 },
    ];
    const off = rankHybrid({ candidates, topBm25: 0, alpha: 1, limit: 2 });
    expect(off.map((score) => score.frame)).toEqual([0, 1]);
    const on = rankHybrid({ candidates, topBm25: 0, alpha: 1, tableCellWeight: 0.3, limit: 2 });
    expect(on.map((score) => score.frame)).toEqual([1, 0]);
    expect(on[0]?.score).toBeCloseTo(0.6 + 0.3);
  });
});
