import { describe, expect, it } from 'vitest';
import { pairInputs } from './pair-inputs.js';

const special = { classify: 101, separator: 102 };

describe('pairInputs', () => {
  it('lays out [CLS] query [SEP] passage [SEP] with token types and pads to the longest row', () => {
    const inputs = pairInputs({
      ids: { query: [7, 8], passages: [[20, 21, 22], [30]] },
      special,
      maxQueryTokens: 64,
      maxLength: 512,
    });
    expect(inputs.rows).toBe(2);
    expect(inputs.sequenceLength).toBe(8);
    expect([...inputs.inputIds].map(Number)).toEqual([
      101, 7, 8, 102, 20, 21, 22, 102, 101, 7, 8, 102, 30, 102, 0, 0,
    ]);
    expect([...inputs.tokenTypeIds].map(Number)).toEqual([
      0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0,
    ]);
    expect([...inputs.attentionMask].map(Number)).toEqual([
      1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0,
    ]);
  });

  it('cuts a long query to its share and the passage so that no row passes the maximum length', () => {
    const inputs = pairInputs({
      ids: { query: [1, 2, 3, 4, 5, 6], passages: [[10, 11, 12, 13, 14, 15, 16, 17]] },
      special,
      maxQueryTokens: 3,
      maxLength: 10,
    });
    expect(inputs.sequenceLength).toBe(10);
    expect([...inputs.inputIds].map(Number)).toEqual([101, 1, 2, 3, 102, 10, 11, 12, 13, 102]);
  });
});
