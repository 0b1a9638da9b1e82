/**
 * @module Dataset mention finder: where a sentence names a catalog dataset by its name or a
 * variant. Many dataset names are also ordinary words or method acronyms ("MAP", "SGD", "Adam",
 * "Inspired", "Restricted", "Visual Question Answering"), so such ambiguous names only count when
 * written with the catalog's exact case AND next to a cue word such as "dataset" or "corpus";
 * distinctive names ("CIFAR-10", "ImageNet", "Penn Treebank") match on their own, one-word names
 * in their exact case, longer names in any case.
 */
import { englishStopwords } from '@quarry/text';

export interface MentionCandidate {
  datasetId: string;
  /** The name and the variants (and full name) the dataset may be written as. */
  names: readonly string[];
}

export interface DatasetMention {
  datasetId: string;
  /** The text as written in the sentence. */
  text: string;
  /** Character offsets into the sentence, end exclusive. */
  start: number;
  end: number;
  /** Whether the name needed (and had) a cue word to count. */
  cued: boolean;
}

export interface MentionMatcherOptions {
  datasets: readonly MentionCandidate[];
  /**
   * Lowercase words common in ordinary prose; a name made only of such words is ambiguous. See
   * `commonWordsFromTexts`. English stopwords and `ambiguousMethodWords` are always included.
   */
  commonWords?: ReadonlySet<string>;
  /** How many words before or after an ambiguous name a cue word may be. Default 3. */
  cueWindow?: number;
  /** Single-token names at most this long that are all capitals are ambiguous acronyms. Default 3. */
  maxAmbiguousAcronymLength?: number;
}

export interface MentionMatcher {
  find(sentence: string): DatasetMention[];
}

/**
 * Words that say the name next to them is a dataset. "data" is left out on purpose: "SGD on the
 * training data" is about the optimiser.
 */
export const datasetCueWords: ReadonlySet<string> = new Set([
  'dataset',
  'datasets',
  'corpus',
  'corpora',
  'benchmark',
  'benchmarks',
  'database',
  'treebank',
]);

/**
 * Method, metric and optimiser names that PwC also uses as dataset names; without a cue they
 * almost always mean the method.
 */
export const ambiguousMethodWords: ReadonlySet<string> = new Set([
  'adam',
  'sgd',
  'map',
  'svd',
  'pca',
  'lstm',
  'cnn',
  'rnn',
  'gan',
  'bert',
  'elmo',
  'glove',
  'word2vec',
  'ctc',
  'crf',
  'hmm',
  'mcmc',
  'em',
  'relu',
  'dropout',
  'bleu',
  'rouge',
  'auc',
  'roc',
  'mse',
  'iou',
]);

const defaultCueWindow = 3;
const defaultMaxAcronymLength = 3;

interface WordToken {
  text: string;
  lower: string;
  start: number;
  end: number;
}

interface NameForm {
  datasetId: string;
  words: readonly string[];
  /** Exact-case words, compared when the form is ambiguous. */
  exactWords: readonly string[];
  ambiguous: boolean;
}

/** Letters and digits; everything else (hyphens, dots, spaces) separates words. */
function wordTokens(text: string): WordToken[] {
  const tokens: WordToken[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    tokens.push({
      text: match[0],
      lower: match[0].toLowerCase(),
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return tokens;
}

/**
 * Lowercase words (letters and digits) seen written in lowercase at least `minCount` times in
 * `texts`: the words of ordinary prose. "inspired", "map" and "3d" are; "ImageNet" is not.
 */
export function commonWordsFromTexts(options: {
  texts: Iterable<string>;
  minCount: number;
}): Set<string> {
  const counts = new Map<string, number>();
  for (const text of options.texts) {
    for (const match of text.matchAll(/(?<![\p{L}\p{N}])[a-z0-9]+(?![\p{L}\p{N}])/gu)) {
      counts.set(match[0], (counts.get(match[0]) ?? 0) + 1);
    }
  }
  const common = new Set<string>();
  for (const [word, count] of counts) if (count >= options.minCount) common.add(word);
  return common;
}

export function createMentionMatcher(options: MentionMatcherOptions): MentionMatcher {
  const cueWindow = options.cueWindow ?? defaultCueWindow;
  const maxAcronymLength = options.maxAmbiguousAcronymLength ?? defaultMaxAcronymLength;
  const commonWords = options.commonWords ?? new Set<string>();
  const isCommon = (word: string): boolean =>
    englishStopwords.has(word) ||
    ambiguousMethodWords.has(word) ||
    commonWords.has(word) ||
    /^\d+$/u.test(word);

  const formsByFirstWord = new Map<string, NameForm[]>();
  for (const dataset of options.datasets) {
    const seen = new Set<string>();
    for (const name of dataset.names) {
      const tokens = wordTokens(name);
      const key = tokens.map((token) => token.text).join(' ');
      const first = tokens[0];
      if (first === undefined || seen.has(key)) continue;
      seen.add(key);
      // One-letter names ("C", "R") cannot be told from letters in prose.
      if (tokens.length === 1 && first.text.length < 2) continue;
      const isShortAcronym =
        tokens.length === 1 &&
        first.text.length <= maxAcronymLength &&
        first.text === first.text.toUpperCase();
      const ambiguous = isShortAcronym || tokens.every((token) => isCommon(token.lower));
      const form: NameForm = {
        datasetId: dataset.datasetId,
        words: tokens.map((token) => token.lower),
        exactWords: tokens.map((token) => token.text),
        ambiguous,
      };
      const forms = formsByFirstWord.get(first.lower) ?? [];
      forms.push(form);
      formsByFirstWord.set(first.lower, forms);
    }
  }
  // Longest forms first, so "MS COCO" wins over "COCO" at the same position.
  for (const forms of formsByFirstWord.values()) {
    forms.sort((left, right) => right.words.length - left.words.length);
  }

  const hasCue = (tokens: readonly WordToken[], from: number, to: number): boolean => {
    const start = Math.max(0, from - cueWindow);
    const end = Math.min(tokens.length, to + cueWindow);
    for (let index = start; index < end; index++) {
      if (index >= from && index < to) continue;
      const token = tokens[index];
      if (token !== undefined && datasetCueWords.has(token.lower)) return true;
    }
    return false;
  };

  const formMatchesAt = (tokens: readonly WordToken[], at: number, form: NameForm): boolean => {
    for (const [offset, word] of form.words.entries()) {
      const token = tokens[at + offset];
      if (token === undefined) return false;
      // Ambiguous and one-word names must be written as the catalog writes them.
      const exact = form.ambiguous || form.words.length === 1;
      if (exact ? token.text !== form.exactWords[offset] : token.lower !== word) {
        return false;
      }
    }
    return true;
  };

  return {
    find(sentence) {
      const tokens = wordTokens(sentence);
      const mentions: DatasetMention[] = [];
      let index = 0;
      while (index < tokens.length) {
        const token = tokens[index];
        const forms = token === undefined ? undefined : formsByFirstWord.get(token.lower);
        let advanced = false;
        for (const form of forms ?? []) {
          if (!formMatchesAt(tokens, index, form)) continue;
          const endIndex = index + form.words.length;
          if (form.ambiguous && !hasCue(tokens, index, endIndex)) continue;
          const first = tokens[index];
          const last = tokens[endIndex - 1];
          if (first === undefined || last === undefined) continue;
          // Every dataset written with this exact form at this position is reported.
          const sameForm = (forms ?? []).filter(
            (other) =>
              other.words.length === form.words.length && formMatchesAt(tokens, index, other),
          );
          const datasetIds = new Set(sameForm.map((other) => other.datasetId));
          for (const datasetId of datasetIds) {
            mentions.push({
              datasetId,
              text: sentence.slice(first.start, last.end),
              start: first.start,
              end: last.end,
              cued: form.ambiguous,
            });
          }
          index = endIndex;
          advanced = true;
          break;
        }
        if (!advanced) index += 1;
      }
      return mentions;
    },
  };
}

/** `sentence` with the mentioned names cut out and whitespace collapsed. */
export function removeMentions(sentence: string, mentions: readonly DatasetMention[]): string {
  let text = '';
  let at = 0;
  for (const mention of [...mentions].sort((left, right) => left.start - right.start)) {
    if (mention.start < at) continue;
    text += sentence.slice(at, mention.start);
    at = mention.end;
  }
  return (text + sentence.slice(at)).replace(/\s+/gu, ' ').trim();
}
