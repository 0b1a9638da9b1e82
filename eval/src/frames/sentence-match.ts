/**
 * @module How `quarry eval pdfs` (docs/BENCHMARKS.md section 3b) compares a stored sentence with a
 * gold one: both are normalised (Unicode NFKC, ligatures spelled out, quotes and dashes folded to
 * ASCII, invisible characters dropped, control characters and runs of whitespace made one space,
 * case folded), then a hit is a stored sentence that CONTAINS an answer and an exact reference is
 * one that EQUALS it. Nothing else is forgiven: a word broken across a line ("infor- mation") or a
 * footnote glued to a sentence stays a difference, because that is what a reader would see
 * highlighted. Also counts broken words: split with a space after the hyphen ("mod- els"), or
 * joined with a line-end hyphen kept ("regu-larization" where the paper writes "regularization").
 */
import { listItemMarkerLength } from '@quarry/ingest';
import { spellOutLigatures } from '@quarry/text';

/** Single quotes, apostrophes, primes and accents used as quotes. */
const singleQuotePattern = /[\u2018\u2019\u201A\u201B\u2032\u2035\u0060\u00B4]/g;
/** Double quotes, double primes and guillemets. */
const doubleQuotePattern = /[\u201C\u201D\u201E\u201F\u2033\u2036\u00AB\u00BB]/g;
/** Hyphens, dashes and minus signs (U+2010 to U+2015, U+2212 minus, small and full-width forms). */
const dashPattern = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g;
/** Soft hyphen and zero-width characters: invisible, so never a difference a reader sees. */
const invisiblePattern = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;
/**
 * C0 control characters count as whitespace: pdftotext passes a symbol font's glyph codes through
 * (a gold string of the dev set holds U+000F where the PDF shows a math symbol), and the product
 * stores a space for each (packages/ingest storable-text.ts).
 */
const controlPattern = /[\u0000-\u001F]/g;

/** Ligatures spelled out, quotes and dashes folded to ASCII, invisible characters dropped. */
function foldCharacters(text: string): string {
  return spellOutLigatures(text)
    .replace(singleQuotePattern, "'")
    .replace(doubleQuotePattern, '"')
    .replace(dashPattern, '-')
    .replace(invisiblePattern, '')
    .replace(controlPattern, ' ');
}

/**
 * The normal form both sides of every comparison are put in. Characters are folded before NFKC
 * too, because NFKC takes some apart first (U+00B4 becomes a space and a combining accent, U+2033
 * two primes) and makes others (a small em dash becomes U+2014).
 */
export function normaliseSentence(text: string): string {
  return foldCharacters(foldCharacters(text).normalize('NFKC'))
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * An answer key in normal form, without the list marker it may open with ("(3) Timeout: …"): ingest
 * shows a list item's marker in the paper's text but keeps it out of the item's sentence.
 */
export function normaliseAnswer(answer: string): string {
  return normaliseSentence(answer.slice(listItemMarkerLength(answer)));
}

/**
 * Whether a stored sentence holds one of the answers (each given already normalised): a
 * sentence the extractor glued to its neighbour still counts, one it cut in two does not.
 */
export function holdsAnswer(storedSentence: string, normalisedAnswers: readonly string[]): boolean {
  const stored = normaliseSentence(storedSentence);
  return normalisedAnswers.some((answer) => answer.length > 0 && stored.includes(answer));
}

/** A word hyphenated across a line and left apart: a lower-case letter, "-", space, a letter. */
const brokenWordPattern = /[a-z]-\s+[a-z]/g;

/** How many broken words (matches of /[a-z]-\s+[a-z]/) a text holds. */
export function countBrokenWords(text: string): number {
  return text.match(brokenWordPattern)?.length ?? 0;
}

/** A word of two lower-case parts joined by one hyphen: "regu-larization", "low-resource". */
const hyphenatedWordPattern = /(?<![\p{L}-])(\p{Ll}{2,})-(\p{Ll}{2,})(?![\p{L}-])/gu;
/** Every word of a text, lower-cased. */
const plainWordPattern = /\p{L}+/gu;

/**
 * How many words of one paper's stored sentences keep a line-end hyphen they should have lost:
 * a two-part hyphenated word ("regu-larization") written once in the paper whose parts also occur
 * joined as one word elsewhere in it ("regularization"). A compound the paper also writes with its
 * hyphen elsewhere, or never writes joined, is not counted.
 */
export function countKeptLineEndHyphens(sentences: readonly string[]): number {
  const joinedWords = new Set<string>();
  const hyphenated = new Map<string, { joined: string; count: number }>();
  for (const sentence of sentences) {
    const lower = sentence.toLowerCase();
    for (const match of lower.matchAll(hyphenatedWordPattern)) {
      const [form, left = '', right = ''] = match;
      const entry = hyphenated.get(form) ?? { joined: left + right, count: 0 };
      entry.count += 1;
      hyphenated.set(form, entry);
    }
    for (const word of lower.replace(hyphenatedWordPattern, ' ').matchAll(plainWordPattern)) {
      joinedWords.add(word[0]);
    }
  }
  let count = 0;
  for (const entry of hyphenated.values()) {
    if (entry.count === 1 && joinedWords.has(entry.joined)) count += 1;
  }
  return count;
}
