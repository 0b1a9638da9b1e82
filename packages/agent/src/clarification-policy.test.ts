import { describe, expect, it } from 'vitest';
import type { Dataset } from '@quarry/core';
import { nextClarifyingQuestion } from './clarification-policy.js';

const dataset = (id: string, modalities: string[], tasks: string[] = []): Dataset =>
  ({
    id,
    name: id,
    fullName: null,
    description: `${id} dataset`,
    year: null,
    modalities,
    tasks,
    languages: [],
    variants: [id],
  }) as unknown as Dataset;

const candidates = [
  dataset('Cityscapes', ['Images']),
  dataset('ADE20K', ['Images']),
  dataset('BraTS', ['Medical']),
];

describe('the clarification policy', () => {
  it('asks for the task when the request names none', () => {
    expect(nextClarifyingQuestion({ constraints: {}, asked: [], candidates })?.slot).toBe('task');
  });

  it('asks on what data a bare kind of task is wanted, once', () => {
    const bare = { task: { value: 'segmentation', source: 'request' as const } };
    const question = nextClarifyingQuestion({ constraints: bare, asked: [], candidates });
    expect(question?.slot).toBe('modality');
    expect(question?.options).toContain('No preference');
    expect(
      nextClarifyingQuestion({ constraints: bare, asked: ['modality'], candidates }),
    ).toBeNull();
  });

  it('asks nothing more when the task is specific or the data is said', () => {
    const specific = { task: { value: 'semantic segmentation', source: 'request' as const } };
    expect(nextClarifyingQuestion({ constraints: specific, asked: [], candidates })).toBeNull();
    const withDomain = {
      task: { value: 'segmentation', source: 'request' as const },
      domain: { value: 'Medical', source: 'request' as const },
    };
    expect(nextClarifyingQuestion({ constraints: withDomain, asked: [], candidates })).toBeNull();
  });
});
