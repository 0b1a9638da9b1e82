import { describe, expect, it } from 'vitest';
import { createRuleQuestionGenerator } from './rule-question-generator.js';
import { tableRowQuestions } from './table-row-questions.js';

const row =
  'Table 2: Yammer Riak production latencies. · 99.9 · Read Latency (ms) 32.89 · Write Latency (ms) 435.83';

describe('tableRowQuestions', () => {
  it('asks for each numeric cell by its column and row', () => {
    expect(tableRowQuestions(row)).toEqual([
      'What is the Read Latency (ms) of 99.9?',
      'What is the Write Latency (ms) of 99.9?',
    ]);
  });

  it('stops at the most questions asked for', () => {
    expect(tableRowQuestions(row, 1)).toHaveLength(1);
  });

  it('gives none for prose', () => {
    expect(tableRowQuestions('The model reaches 91.2 F1 on the test set.')).toEqual([]);
  });
});

describe('the rule generator on table rows', () => {
  it('gives a table row its cell questions and prose its sentence questions', async () => {
    const base = { sectionTitle: '', paperTitle: '', contextBefore: '', contextAfter: '' };
    const questions = await createRuleQuestionGenerator().generate([
      { ...base, frameId: 't', text: row, sectionKind: 'table' },
      { ...base, frameId: 'b', text: row },
    ]);
    expect(questions.filter((question) => question.frameId === 't').map((q) => q.text)).toEqual(
      tableRowQuestions(row),
    );
    expect(
      questions.some(
        (question) => question.frameId === 'b' && question.text.startsWith('What is the Read'),
      ),
    ).toBe(false);
  });

  it('asks each cell again with the short forms its own paper defines spelled out', async () => {
    const base = { sectionTitle: '', contextBefore: '', contextAfter: '' };
    const mannRow = 'Table 1: One-shot accuracy. · MANN [20] · Omniglot 36.4%';
    const questions = await createRuleQuestionGenerator().generate([
      {
        ...base,
        paperTitle: 'One-shot',
        frameId: 'p',
        text: 'DeepMind proposed a Memory Augmented Neural Network (MANN) for one-shot tasks.',
      },
      { ...base, paperTitle: 'One-shot', frameId: 't', text: mannRow, sectionKind: 'table' },
      { ...base, paperTitle: 'Other', frameId: 'o', text: mannRow, sectionKind: 'table' },
    ]);
    const of = (frameId: string) =>
      questions.filter((question) => question.frameId === frameId).map((q) => q.text);
    expect(of('t')).toEqual([
      'What is the Omniglot of MANN [20]?',
      'What is the Omniglot of MANN (Memory Augmented Neural Network) [20]?',
    ]);
    // Another paper does not define MANN: its row is asked as it is written.
    expect(of('o')).toEqual(['What is the Omniglot of MANN [20]?']);
  });
});
