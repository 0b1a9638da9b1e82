import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createHashingEmbedder, paperFrom } from '@quarry/testing';
import { loadFrameIndex } from './load-frame-index.js';
import { generateQuestions } from './questions/generate-questions.js';
import { createRuleQuestionGenerator } from './questions/rule-question-generator.js';

const hardwareQuestion = 'What hardware is used to train and run the model?';
const paper = paperFrom({
  id: 'paper-two-gpu-sentences',
  title: 'Two Sentences About Hardware',
  year: 2020,
  sections: [
    {
      title: 'Setup',
      sentences: [
        'The detector was trained on four GPUs for two days.',
        'At test time a single Titan card processes each image.',
        'The images are taken in twenty cities across Europe.',
      ],
    },
  ],
});

describe('question vectors shared by text', () => {
  let store: Store;
  const embedder = createHashingEmbedder();

  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
    await store.papers.upsert(paper);
    await generateQuestions({ store, generator: createRuleQuestionGenerator() });
  });
  afterAll(async () => {
    await store.close();
  });

  it('embeds and stores a repeated question text once, and gives every copy its vector', async () => {
    const { index, stats } = await loadFrameIndex({ store, embedder });
    const frameIds = Array.from({ length: index.frameCount }, (_, row) => index.frameAt(row).id);
    const questions = await store.questions.forFrames(frameIds);
    const copies = questions.filter((question) => question.text === hardwareQuestion);
    expect(copies).toHaveLength(2);
    const texts = new Set(questions.map((question) => question.text));
    expect(stats.embeddedQuestions).toBe(texts.size);
    const counts = await store.vectors.counts();
    expect(counts.find((count) => count.ownerKind === 'question')?.count).toBe(texts.size);
    expect(index.questionCount).toBe(questions.length);
    const [first, second] = copies;
    const firstVector = index.heldVector('question', first?.id ?? '', embedder.modelId);
    expect(firstVector).toBeDefined();
    expect(index.heldVector('question', second?.id ?? '', embedder.modelId)).toEqual(firstVector);

    // A reload reads the stored vector for both copies and embeds nothing.
    const reloaded = await loadFrameIndex({ store, embedder });
    expect(reloaded.stats.embeddedQuestions).toBe(0);
    expect(reloaded.index.heldVector('question', second?.id ?? '', embedder.modelId)).toEqual(
      firstVector,
    );
  });
});
