/**
 * @module Typographic ligatures spelled out ("ﬁ" -> "fi"): PDF text and copied strings hold them,
 * searches and comparisons want the letters. NFKC does the same among much else; this does only it.
 */
const ligatures: Readonly<Record<string, string>> = {
  '\uFB00': 'ff',
  '\uFB01': 'fi',
  '\uFB02': 'fl',
  '\uFB03': 'ffi',
  '\uFB04': 'ffl',
  '\uFB05': 'st',
  '\uFB06': 'st',
};
const ligaturePattern = /[\uFB00-\uFB06]/g;

export function spellOutLigatures(text: string): string {
  return text.replace(ligaturePattern, (ligature) => ligatures[ligature] ?? ligature);
}
