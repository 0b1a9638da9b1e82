import { describe, expect, it } from 'vitest';
import { spellOutLigatures } from './spell-out-ligatures.js';

describe('spellOutLigatures', () => {
  it('spells out every Latin ligature and leaves other text alone', () => {
    expect(spellOutLigatures('ﬁrst ﬂow eﬀect oﬃce baﬄe ﬅ ﬆ naïve')).toBe(
      'first flow effect office baffle st st naïve',
    );
  });
});
