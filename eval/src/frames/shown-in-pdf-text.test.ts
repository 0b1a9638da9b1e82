import { describe, expect, it } from 'vitest';
import { lettersAndDigits, shownInPdfText } from './shown-in-pdf-text.js';

describe('shownInPdfText', () => {
  const pdf = lettersAndDigits(
    'To get an intuition about how this curvature be-\nhaves, we analyzed it. ' +
      'We use the ﬁrst split of the data, which Figure 2: A caption. 7 is then ' +
      'held out for testing.',
  );

  it('finds a sentence whatever the spacing, hyphens, ligatures and case', () => {
    expect(shownInPdfText('To get an intuition about how this curvature behaves, we', pdf)).toBe(
      true,
    );
    expect(shownInPdfText('We use the first split of the data', pdf)).toBe(true);
  });

  it('finds a sentence that a caption interrupts once', () => {
    expect(
      shownInPdfText(
        'We use the first split of the data, which is then held out for testing.',
        pdf,
      ),
    ).toBe(true);
    expect(
      shownInPdfText(
        'We use the first split of the data, which is then held out for testing.',
        pdf,
        5,
      ),
    ).toBe(false);
  });

  it('does not find a sentence the PDF words otherwise', () => {
    expect(
      shownInPdfText('To get an intuition about how global graph curvature behaves, we', pdf),
    ).toBe(false);
  });
});
