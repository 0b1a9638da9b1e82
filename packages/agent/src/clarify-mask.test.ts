import { expect, it } from 'vitest';
import { maskTask } from './clarify-mask.js';

const query = (text: string, task: string) => ({
  id: 'q',
  text,
  year: undefined,
  annotations: { task, modality: '', domain: '', language: '', textLength: '' },
});

it('replaces every annotated task phrase in the query, longest first, case-insensitively', () => {
  expect(
    maskTask(
      query(
        'I want to train a model for fine-grained image classification.',
        'fine-grained image classification',
      ),
    )?.text,
  ).toBe('I want to train a model for my task.');
  expect(
    maskTask(
      query(
        'Image classification and Image Classification of birds',
        'image classification; classification',
      ),
    )?.text,
  ).toBe('my task and my task of birds');
  expect(maskTask(query('Detect cars in photos', 'object detection'))).toBeNull();
  expect(maskTask(query('anything', ''))).toBeNull();
});
