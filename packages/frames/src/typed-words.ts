/**
 * @module Whether a suggested question completes or continues what was typed, for autocomplete's
 * suggestions by meaning (the nearest question vectors). The nearest vector alone offered "How
 * much memory does the model need?" for "which models suffer from catastrophic forget": close in
 * the vector space, unrelated to the words. A suggestion by meaning is kept only when it holds the
 * typed content words (stopwords left out): the last one always, as a prefix of one of its words
 * while it is still being typed ("forget" -> "forgetting"), and at least half of them in all, each
 * by its stem ("models" -> "model"). Kept suggestions rank by how many typed words they hold, then
 * in the order given (nearest first). Typed text with no content word keeps none: nothing typed
 * says what a suggestion should be about, and no suggestion is better than an unrelated one.
 */
import { isStopword, stem, tokenize } from '@quarry/text';

interface TypedWord {
  stem: string;
  /** The word as typed when it may be unfinished (the last one, with no space or mark after it). */
  prefix: string | null;
}

/** Of the typed content words, at least this share must be in a suggestion. */
const minimumSharedFraction = 0.5;

/** The typed content words, in order; the last one is a prefix when the text ends inside it. */
function typedWords(typed: string): TypedWord[] {
  const tokens = tokenize(typed, { joinHyphenated: false });
  const unfinished = /[\p{L}\p{N}]$/u.test(typed) ? tokens.at(-1) : undefined;
  const finished = unfinished === undefined ? tokens : tokens.slice(0, -1);
  const words: TypedWord[] = finished
    .filter((token) => !isStopword(token))
    .map((token) => ({ stem: stem(token), prefix: null }));
  if (unfinished !== undefined && !isStopword(unfinished)) {
    words.push({ stem: stem(unfinished), prefix: unfinished });
  }
  return words;
}

/**
 * How many of the typed content words a question holds, or 0 when it does not continue the typed
 * text (it lacks the last typed word, or holds fewer than half of them).
 */
function sharedWordCounter(typed: string): (question: string) => number {
  const words = typedWords(typed);
  const needed = Math.ceil(words.length * minimumSharedFraction);
  return (question) => {
    const last = words.at(-1);
    if (last === undefined) return 0;
    const tokens = tokenize(question, { joinHyphenated: false });
    const stems = new Set(tokens.map(stem));
    const holds = (word: TypedWord) =>
      stems.has(word.stem) ||
      (word.prefix !== null && tokens.some((token) => token.startsWith(word.prefix ?? '')));
    if (!holds(last)) return 0;
    const shared = words.filter(holds).length;
    return shared >= needed ? shared : 0;
  };
}

/**
 * The suggestions whose text continues the typed text (see the module comment), those holding
 * more typed words first, otherwise in the given order.
 */
export function continuingSuggestions<Suggested extends { text: string }>(
  typed: string,
  suggestions: readonly Suggested[],
): Suggested[] {
  const shared = sharedWordCounter(typed);
  return suggestions
    .map((suggestion) => ({ suggestion, shared: shared(suggestion.text) }))
    .filter((entry) => entry.shared > 0)
    .sort((left, right) => right.shared - left.shared)
    .map((entry) => entry.suggestion);
}
