import { describe, expect, it } from 'vitest';
import { languageApplies } from './candidate-facets.js';

describe('whether a stated language applies to the data asked for', () => {
  it('does not to images or video that come without words', () => {
    expect(
      languageApplies({ modality: 'Image', request: 'photos of traffic signs from German roads' }),
    ).toBe(false);
    expect(languageApplies({ modality: 'Video', request: 'German dashcam videos' })).toBe(false);
  });

  it('does to text and speech, to images with captions or questions, and when the kind is open', () => {
    expect(languageApplies({ modality: 'Texts', request: 'German news articles' })).toBe(true);
    expect(languageApplies({ modality: 'Audio', request: 'German speech' })).toBe(true);
    expect(languageApplies({ modality: 'Image', request: 'Japanese image captions' })).toBe(true);
    expect(languageApplies({ modality: null, request: 'German datasets' })).toBe(true);
  });
});
