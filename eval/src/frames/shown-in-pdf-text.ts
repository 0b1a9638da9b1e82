/**
 * @module Whether a reference sentence from a paper's LaTeX source is in its compiled PDF at all.
 * A repository's source is sometimes newer or older than the PDF beside it ("how this curvature
 * behaves" in the PDF, "how global graph curvature behaves" in the source); such a sentence can
 * never be extracted intact and measures the pair, not the extraction. The PDF's text comes from
 * a tool independent of Quarry (poppler's pdftotext, read by eval/latex-pairs/rebuild.mjs), and
 * both sides are compared by their letters and digits only, so a line-end hyphen, a ligature, a
 * quote or a page break's spacing in the PDF's text does not count against a sentence. A sentence
 * that a float, a footnote or a running head interrupts once is shown as two pieces in order.
 * Pure: no I/O.
 */

/** Most letters between the two pieces of a sentence interrupted once (a float, a page's foot). */
export const defaultMaxInterruption = 4000;

/** Fewest letters in each piece of an interrupted sentence (one short word proves nothing). */
const minPieceLetters = 12;

/** Letters and digits, lower case, compatibility forms folded ("ﬁ" -> "fi"). */
export function lettersAndDigits(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .replace(/\p{M}/gu, '');
}

/**
 * Whether `sentence` is in `pdfText` (already passed through lettersAndDigits), whole or as two
 * pieces split anywhere, the second starting within `maxInterruption` letters.
 */
export function shownInPdfText(
  sentence: string,
  pdfLetters: string,
  maxInterruption = defaultMaxInterruption,
): boolean {
  const whole = lettersAndDigits(sentence);
  if (whole.length === 0) return false;
  if (pdfLetters.includes(whole)) return true;
  // The cut may fall inside a word: a footnote mark or a page's foot interrupts "authentica-tion".
  for (let cut = minPieceLetters; cut <= whole.length - minPieceLetters; cut++) {
    const head = whole.slice(0, cut);
    const tail = whole.slice(cut);
    for (let at = pdfLetters.indexOf(head); at >= 0; at = pdfLetters.indexOf(head, at + 1)) {
      const after = at + head.length;
      const next = pdfLetters.indexOf(tail, after);
      if (next >= 0 && next - after <= maxInterruption) return true;
    }
  }
  return false;
}
