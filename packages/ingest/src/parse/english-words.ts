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

let words: ReadonlySet<string> | null = null;

/** The vocabulary's words, lower-case letters only. */
export function englishWords(): ReadonlySet<string> {
  if (words === null) {
    let text = '';
    try {
      text = readFileSync(wordListPath, 'utf8');
    } catch {
      text = '';
    }
    words = new Set(text.split('\n').filter((word) => /^\p{Ll}+$/u.test(word)));
  }
  return words;
}
