import { describe, expect, it } from 'vitest';
import { foldDiacritics } from './fold-diacritics.js';

describe('foldDiacritics', () => {
  it('removes marks from Latin letters and expands compatibility forms', () => {
    expect(foldDiacritics('Ångström naïve Łódź ﬁ ＡＢ')).toBe('Angstrom naive Łodz fi AB');
  });

  it('leaves ASCII and marks of other scripts alone', () => {
    expect(foldDiacritics('plain text')).toBe('plain text');
    expect(foldDiacritics('हिन्दी')).toBe('हिन्दी');
  });
});
