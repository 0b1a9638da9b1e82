import { describe, expect, it } from 'vitest';
import { englishQuery } from './english-query.js';
import { understandRequest } from './understand-request.js';

describe('what the recommender is asked for a request in another language', () => {
  it('is the English read from it, with the words that name things in any language', () => {
    const request = understandRequest(
      'Vorrei classificare pixel per pixel immagini iperspettrali aeree acquisite con il sensore ROSIS sopra città italiane.',
    ).text;
    const query = englishQuery(request);
    expect(query).toContain('ROSIS');
    expect(query).toContain('hyperspectral');
    expect(query).not.toContain('Vorrei');
    expect(query).not.toContain('città');
    expect(
      englishQuery(
        'Vorrei delle immagini Sentinel-2 per classificare le colture (satellite aerial overhead; image)',
      ),
    ).toBe('Sentinel-2 satellite aerial overhead image');
  });

  it('keeps a concept spelt alike in both languages ("classification")', () => {
    const request = understandRequest(
      'Je veux comparer des réseaux sur la classification de nœuds dans des graphes de citations',
    ).text;
    expect(englishQuery(request)).toMatch(/\bclassification\b/);
    expect(englishQuery(request)).toMatch(/\bgraph\b/);
  });

  it('leaves an English request, and one with no English added, as they are', () => {
    expect(englishQuery('semantic segmentation of street scenes')).toBe(
      'semantic segmentation of street scenes',
    );
    expect(englishQuery('object detection benchmarks (besides COCO)')).toBe(
      'object detection benchmarks (besides COCO)',
    );
  });
});
