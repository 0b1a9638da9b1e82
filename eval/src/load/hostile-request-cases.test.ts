import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '@quarry/core';
import { generateHostileCases, hostileCategories } from './hostile-request-cases.js';
import type { HostileCase } from './hostile-request-cases.js';

function describeCase(hostileCase: HostileCase): string {
  return hostileCase.transport === 'fetch'
    ? `${hostileCase.request.method} ${hostileCase.request.path.slice(0, 80)}`
    : Buffer.from(hostileCase.head('127.0.0.1:1')).toString('latin1').slice(0, 80);
}

function generate(seed: number, count: number): HostileCase[] {
  return [
    ...generateHostileCases(
      {
        random: createSeededRandom(seed).nextFloat,
        paperIds: ['p1'],
        datasetIds: ['d1'],
        runKey: 'k',
      },
      count,
    ),
  ];
}

describe('hostile request cases', () => {
  it('are the same for the same seed', () => {
    expect(generate(3, 200).map(describeCase)).toEqual(generate(3, 200).map(describeCase));
  });

  it('cover every category', () => {
    const categories = new Set(generate(1, 1000).map((hostileCase) => hostileCase.category));
    expect([...categories].sort()).toEqual([...hostileCategories].sort());
  });
});
