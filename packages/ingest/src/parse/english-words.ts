/**
 * @module A general English vocabulary for judging line-end hyphens: the 150,000 most frequent
 * words of the GloVe vectors the shipped static model carries (`models/quarry-static-v2/
 * word-vectors.txt`, one word per line, most frequent first). Read once, on first use; an empty
 * set when the file is not there (the rule that needs it then never fires).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** packages/ingest/{src,dist}/parse/ -> the repository's word list. */
const wordListPath = fileURLToPath(
  new URL('../../../../models/quarry-static-v2/word-vectors.txt', import.meta.url),
);

/** How many of the most frequent words make the common vocabulary (`commonEnglishWords`). */
const commonWordCount = 30_000;

let ranked: readonly string[] | null = null;
let words: ReadonlySet<string> | null = null;
let common: ReadonlySet<string> | null = null;

/** The list's words of lower-case letters only, most frequent first. */
function rankedWords(): readonly string[] {
  if (ranked === null) {
    let text = '';
    try {
      text = readFileSync(wordListPath, 'utf8');
    } catch {
      text = '';
    }
    ranked = text.split('\n').filter((word) => /^\p{Ll}+$/u.test(word));
  }
  return ranked;
}

/** The vocabulary's words, lower-case letters only. */
export function englishWords(): ReadonlySet<string> {
  words ??= new Set(rankedWords());
  return words;
}

/**
 * The vocabulary's most frequent words ("framework", "likewise", "online"): words so common that
 * a paper writing one across a line break means it, not a hyphenated pair.
 */
export function commonEnglishWords(): ReadonlySet<string> {
  common ??= new Set(rankedWords().slice(0, commonWordCount));
  return common;
}
