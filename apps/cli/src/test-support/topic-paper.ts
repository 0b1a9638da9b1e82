/**
 * @module A two-sentence paper about one topic, for tests of what makes papers searchable (the
 * frame index holder, the answer-search holder): its words name the topic, so a search for the
 * topic finds it.
 */
import type { Paper } from '@quarry/core';
import { paperFrom } from '@quarry/testing';

export function topicPaper(id: string, topic: string): Paper {
  return paperFrom({
    id,
    title: `A study of ${topic}`,
    year: 2024,
    sections: [
      {
        title: 'Experiments',
        sentences: [
          `We train the ${topic} model with a learning rate of 0.001 for ten epochs.`,
          `The ${topic} model reaches 91.2 F1 on the held-out test set.`,
        ],
      },
    ],
  });
}
