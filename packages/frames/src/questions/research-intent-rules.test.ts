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
    const examples: [sentence: string, intent: string][] = [
      ['Training the full model took about four days.', 'training-time'],
      ['All experiments ran on two Tesla K80 boards.', 'hardware'],
      ['To reduce overfitting we flip and rotate the inputs.', 'regularisation'],
      ['Quality is measured by BLEU and METEOR.', 'evaluation'],
      ['We minimize the cross-entropy between labels and predictions.', 'objective'],
      ['Sentences are tokenized and lowercased before training.', 'preprocessing'],
      ['The corpus contains 12,500 annotated tweets in three languages.', 'data-size'],
      ['The data is split into 8,000 training and 2,000 test pairs.', 'data-split'],
      ['The network has 4.2M parameters, half as many as the baseline.', 'model-size'],
      ['We compare our approach with three strong baselines.', 'comparison'],
      ['In the ablation, removing the attention module costs 2 points.', 'ablation'],
      ['Word vectors are initialized randomly.', 'initialisation'],
      ['The model converges after ten epochs.', 'convergence'],
    ];
    for (const [sentence, intent] of examples) expect(intents(sentence)).toContain(intent);
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
