/** Bibliography sentences: by their section heading, or shaped like a reference-list entry. */
import { describe, expect, it } from 'vitest';
import {
  isBibliographySentence,
  isReferencesHeading,
  looksLikeReferenceEntry,
} from './reference-entry.js';

describe('isReferencesHeading', () => {
  it.each([
    'References',
    'REFERENCES',
    '7. References',
    'VIII. REFERENCES',
    'Bibliography',
    'Literature Cited',
  ])('%s is a reference list', (title) => {
    expect(isReferencesHeading(title)).toBe(true);
  });

  it.each(['Related Work', 'Datasets', 'Reference Resolution Experiments', ''])(
    '%s is not',
    (title) => {
      expect(isReferencesHeading(title)).toBe(false);
    },
  );
});

describe('looksLikeReferenceEntry', () => {
  it('recognises numbered entries with initials, a venue and a year', () => {
    expect(
      looksLikeReferenceEntry(
        '[12] J. Doe, K. Roe. A Toy Digit Dataset. In Proc. of the Imaginary Conference, 2019.',
      ),
    ).toBe(true);
    expect(looksLikeReferenceEntry('Roe, K. and Doe, J. Toy images. Journal of Toys, 2004.')).toBe(
      true,
    );
  });

  it('recognises an unnumbered entry by its venue words and year', () => {
    expect(
      looksLikeReferenceEntry(
        'Toy-MNIST: small toy digits. arXiv preprint arXiv:1901.00001, 2019.',
      ),
    ).toBe(true);
  });

  it('leaves sentences of the running text alone, citations and years included', () => {
    expect(
      looksLikeReferenceEntry('Doe et al. (2019) released the Toy Digits dataset of 5,000 images.'),
    ).toBe(false);
    expect(looksLikeReferenceEntry('[12] trained a small CNN on MNIST in 2019.')).toBe(false);
    expect(looksLikeReferenceEntry('We follow the ICDAR 2015 protocol of J. Doe and K. Roe.')).toBe(
      false,
    );
  });
});

describe('isBibliographySentence', () => {
  it('takes any sentence of a references section, whatever its shape', () => {
    expect(
      isBibliographySentence({ text: 'Toy digits for everyone.', sectionTitle: 'References' }),
    ).toBe(true);
    expect(
      isBibliographySentence({ text: 'Toy digits for everyone.', sectionTitle: 'Datasets' }),
    ).toBe(false);
  });
});
