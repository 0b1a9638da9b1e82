/**
 * @module When two answers are the same answer, so that answer search lists each at most once. A
 * paper may state one sentence twice ("We repeated the experiments 3 times." in the method and
 * again under a table), and one paper may be stored twice (its PDF and its S2ORC JSON, under two
 * ids). Each copy is a frame of its own, with its own context, answer vector and questions, so the
 * copies score differently and both can reach one list: the first answer again at rank 10. The
 * key is the sentence's words (letters and digits, any case and spacing, diacritics folded) with
 * its paper: the paper's title when it has one (so both copies of a paper share it), else its id.
 * The same sentence in two different papers stays two answers: each is evidence from its own paper.
 */
import { foldDiacritics } from '@quarry/text';

/** What the key reads of a hit or a frame. */
export interface SentenceInPaper {
  paperId: string;
  paperTitle: string;
  text: string;
}

/** Lower case, diacritics folded, everything but letters and digits dropped. */
function comparable(text: string): string {
  return foldDiacritics(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Equal for two hits that are the same sentence of the same paper (or of two copies of it). */
export function sameSentenceKey(sentence: SentenceInPaper): string {
  const words = comparable(sentence.text);
  // A sentence without a letter or digit is compared as it is written.
  const text = words === '' ? sentence.text : words;
  const title = comparable(sentence.paperTitle);
  return title === '' ? `paper ${sentence.paperId}\n${text}` : `title ${title}\n${text}`;
}

/** The hits in their order, each sentence only where it first appears. */
export function distinctSentences<Hit extends SentenceInPaper>(hits: readonly Hit[]): Hit[] {
  const seen = new Set<string>();
  return hits.filter((hit) => {
    const key = sameSentenceKey(hit);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
