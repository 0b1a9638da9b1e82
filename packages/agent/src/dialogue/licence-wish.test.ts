import { describe, expect, it } from 'vitest';
import { nonCommercialPhrase, openLicencePhrase, readLicenceWish } from './licence-wish.js';

describe('the terms of use a refinement asks for', () => {
  it('asks for an open licence first', () => {
    expect(
      readLicenceWish('only datasets built from Creative Commons licensed videos').wanted,
    ).toBe(openLicencePhrase);
    expect(readLicenceWish('CC-BY or CC0 please').wanted).toBe(openLicencePhrase);
    expect(readLicenceWish('smaller ones please').wanted).toBeNull();
  });

  it('rules out terms that forbid commercial use when commercial use is needed', () => {
    for (const message of [
      'nothing with a non-commercial licence',
      'no research-only datasets, we are a startup',
      'something I can use commercially',
      'it is for a commercial product',
    ])
      expect(readLicenceWish(message).ruledOut, message).toBe(nonCommercialPhrase);
    // A non-commercial licence asked to be fine, or an open licence alone, rules nothing out.
    expect(readLicenceWish('non-commercial is fine, it is research').ruledOut).toBeNull();
    expect(readLicenceWish('only Creative Commons ones').ruledOut).toBeNull();
  });
});
