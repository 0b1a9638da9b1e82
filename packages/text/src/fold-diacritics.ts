/**
 * @module Diacritic folding for matching: "naïve" -> "naive", "ﬁne-tuning" -> "fine-tuning".
 * Only marks on Latin letters are removed, so scripts whose marks carry meaning (Devanagari,
 * Arabic vowel signs) are left as they are.
 */

const nonAscii = /[^\u0000-\u007f]/u;
const latinMarks = /(?<=\p{Script=Latin})\p{M}+/gu;

/**
 * Compatibility-decomposes `text` (NFKD: ligatures, full-width forms, superscripts), drops
 * combining marks that follow a Latin letter, and recomposes (NFC). ASCII input is returned as is.
 */
export function foldDiacritics(text: string): string {
  if (!nonAscii.test(text)) return text;
  return text.normalize('NFKD').replace(latinMarks, '').normalize('NFC');
}
