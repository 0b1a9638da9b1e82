import { describe, expect, it } from 'vitest';
import { answerVector } from './answer-vector.js';
import { contextPositions, contextWindows } from './frame-context.js';
import { dotProduct } from './vector-math.js';

describe('answerVector', () => {
  const sentence = Float32Array.from([1, 0]);
  const context = [Float32Array.from([0, 1]), Float32Array.from([0, 1])];

  it('is the sentence embedding when the weight is 0 or there is no context', () => {
    expect(Array.from(answerVector({ sentence, context, contextWeight: 0 }))).toEqual([1, 0]);
    expect(Array.from(answerVector({ sentence, context: [], contextWeight: 1 }))).toEqual([1, 0]);
  });

  it('pulls the sentence towards its normalised context by the weight, and stays unit length', () => {
    const vector = answerVector({ sentence, context, contextWeight: 1 });
    expect(vector[0]).toBeCloseTo(Math.SQRT1_2);
    expect(vector[1]).toBeCloseTo(Math.SQRT1_2);
    expect(dotProduct(vector, vector)).toBeCloseTo(1);
  });
});

describe('contextWindows', () => {
  const frames = [
    { paperId: 'a', sectionIndex: 0 },
    { paperId: 'a', sectionIndex: 0 },
    { paperId: 'a', sectionIndex: 0 },
    { paperId: 'a', sectionIndex: 1 },
    { paperId: 'b', sectionIndex: 1 },
  ];

  it('takes neighbours of the same paper and section only', () => {
    const windows = contextWindows(frames, 1);
    expect(windows.map(contextPositions)).toEqual([[1], [0, 2], [1], [], []]);
  });

  it('takes the whole section for "section"', () => {
    expect(
      contextPositions(contextWindows(frames, 'section')[0] ?? { start: 0, end: 0, self: 0 }),
    ).toEqual([1, 2]);
  });

  it('gives the rows of a table section no neighbours', () => {
    const rows = [
      { paperId: 'a', sectionIndex: 0 },
      { paperId: 'a', sectionIndex: 2, sectionKind: 'table' },
      { paperId: 'a', sectionIndex: 2, sectionKind: 'table' },
    ];
    expect(contextWindows(rows, 1).map(contextPositions)).toEqual([[], [], []]);
    expect(contextWindows(rows, 'section').map(contextPositions)).toEqual([[], [], []]);
  });
});
