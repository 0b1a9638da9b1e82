import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '@quarry/core';
import { defaultLoadMix, parseLoadMix, pickLoadClass } from './load-request-mix.js';

describe('load mix', () => {
  it('parses class shares and rejects unknown classes', () => {
    expect(parseLoadMix('search:80,upload:0')).toEqual({
      search: 80,
      suggest: 0,
      pages: 0,
      chat: 0,
      upload: 0,
    });
    expect(parseLoadMix('searching:1')).toBeNull();
    expect(parseLoadMix('upload:0')).toBeNull();
  });

  it('draws classes in the default proportions', () => {
    const random = createSeededRandom(5).nextFloat;
    const counts = { search: 0, suggest: 0, pages: 0, chat: 0, upload: 0 };
    for (let draw = 0; draw < 20_000; draw += 1) counts[pickLoadClass(random, defaultLoadMix)] += 1;
    expect(counts.search / 20_000).toBeCloseTo(0.45, 1);
    expect(counts.chat / 20_000).toBeCloseTo(0.15, 1);
    expect(counts.upload / 20_000).toBeCloseTo(0.05, 1);
  });
});
