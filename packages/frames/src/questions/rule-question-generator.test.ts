import { describe, expect, it } from 'vitest';
import { createRuleQuestionGenerator, ruleQuestionsFor } from './rule-question-generator.js';

function texts(sentence: string): string[] {
  return ruleQuestionsFor(sentence).map((question) => question.text);
}

describe('ruleQuestionsFor', () => {
  it('asks for definitions of terms, not of pronouns or clauses', () => {
    expect(texts('BERT is a language representation model trained on books.')).toEqual([
      'What is BERT?',
    ]);
    expect(texts('The discriminator is a binary classifier over images.')).toEqual([
      'What is the discriminator?',
    ]);
    expect(texts('It is a simple idea that works well in practice.')).toEqual([]);
    expect(texts('Each edge is a pair of nodes in the graph.')).toEqual([]);
  });

  it('asks what is proposed, and for what when the sentence says', () => {
    expect(texts('We propose a novel neural network for processing sequences.')).toEqual([
      'What do the authors propose for processing sequences?',
    ]);
    expect(texts('In this paper, we introduce a simple method based on attention.')).toEqual([
      'What do the authors propose?',
    ]);
  });

  it('asks for results with their metric and dataset', () => {
    expect(texts('Our model achieves 88.6% accuracy on SNLI, the best single model.')).toContain(
      'What accuracy does the model achieve on SNLI?',
    );
  });

  it('asks about datasets, hyper-parameters, limitations, future work and code', () => {
    expect(texts('We evaluate our approach on three public benchmark datasets.')).toContain(
      'Which datasets are used for evaluation?',
    );
    expect(texts('We use Adam with a learning rate of 0.001 and a batch size of 32.')).toEqual([
      'What learning rate is used?',
      'What batch size is used?',
      'Which optimizer is used?',
    ]);
    // Optimizer names in any case ("ADAM").
    expect(texts('We minimize the loss using ADAM with default settings.')).toContain(
      'Which optimizer is used?',
    );
    expect(texts('A main drawback of this approach is its memory cost at test time.')).toContain(
      'What are the limitations of the approach?',
    );
    expect(texts('We leave the extension to video for future work in this area.')).toContain(
      'What is left for future work?',
    );
    expect(texts('Our code and trained models are publicly available on GitHub.')).toContain(
      'Is the code publicly available?',
    );
  });

  it('skips headings and short fragments', () => {
    expect(texts('Experiments')).toEqual([]);
    expect(texts('The model is a CNN.')).toEqual([]);
  });
});

describe('createRuleQuestionGenerator', () => {
  it('writes rule questions for each frame, at most the per-frame limit', async () => {
    const generator = createRuleQuestionGenerator({ maxQuestionsPerFrame: 1 });
    const frame = { sectionTitle: 'Setup', paperTitle: 'P', contextBefore: '', contextAfter: '' };
    const generated = await generator.generate([
      {
        ...frame,
        frameId: '1',
        text: 'We use Adam with a learning rate of 0.001 and a batch size of 32.',
      },
      { ...frame, frameId: '2', text: 'Results' },
    ]);
    expect(generator.origin).toBe('rule');
    expect(generated).toEqual([
      { frameId: '1', text: 'What learning rate is used?', kind: 'hyper-parameter' },
    ]);
  });
});
