import { describe, expect, it } from 'vitest';
import { researchIntentQuestions } from './research-intent-rules.js';

function intents(sentence: string): string[] {
  return [...new Set(researchIntentQuestions(sentence).map((question) => question.intent))];
}

describe('researchIntentQuestions', () => {
  it('asks the question a sentence answers in words it does not use', () => {
    expect(researchIntentQuestions('Our detector runs at 23 FPS on a single card.')).toContainEqual(
      {
        text: 'How fast is the method?',
        intent: 'efficiency',
      },
    );
    expect(intents('Training the full model took about four days.')).toContain('training-time');
    expect(intents('All experiments ran on two Tesla K80 boards.')).toContain('hardware');
    expect(intents('To reduce overfitting we flip and rotate the inputs.')).toContain(
      'regularisation',
    );
    expect(intents('Quality is measured by BLEU and METEOR.')).toContain('evaluation');
    expect(intents('We minimize the cross-entropy between labels and predictions.')).toContain(
      'objective',
    );
    expect(intents('Sentences are tokenized and lowercased before training.')).toContain(
      'preprocessing',
    );
    expect(intents('The corpus contains 12,500 annotated tweets in three languages.')).toContain(
      'data-size',
    );
    expect(intents('The data is split into 8,000 training and 2,000 test pairs.')).toContain(
      'data-split',
    );
    expect(intents('The network has 4.2M parameters, half as many as the baseline.')).toContain(
      'model-size',
    );
    expect(intents('We compare our approach with three strong baselines.')).toContain('comparison');
    expect(intents('In the ablation, removing the attention module costs 2 points.')).toContain(
      'ablation',
    );
    expect(intents('Word vectors are initialized randomly.')).toContain('initialisation');
    expect(intents('The model converges after ten epochs.')).toContain('convergence');
  });

  it('asks nothing of sentences that answer none of these questions', () => {
    expect(
      researchIntentQuestions('Semantic segmentation assigns a label to every pixel.'),
    ).toEqual([]);
    expect(researchIntentQuestions('The sky was clear over the harbour that morning.')).toEqual([]);
    // A number of cities is a dataset fact, not a data size in examples.
    expect(intents('The images were recorded in 50 different cities.')).not.toContain('data-size');
  });
});
