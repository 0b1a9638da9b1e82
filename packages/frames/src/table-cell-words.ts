/**
 * @module What a question's words name in a table: a reader does not spell a cell the way the
 * table does. "The 99.9th percentile" names the row "99.9"; "the worst latency ever observed" the
 * row "Max"; "on average" the row "Mean"; "the area under the precision-recall curve" the column
 * "AUPRC"; "the DeepCoder-style baseline" the row "DC". These are the usual ways tables of results
 * and statistics abbreviate (ordinals, summary statistics, initialisms), not any paper's words.
 * Pure: table-cell-match.ts asks `namesWord` of each word of a row's names and headers.
 */
import { isStopword, stem, tokenize } from '@quarry/text';

/** Summary-statistic row or column labels, and the question words that ask for each. */
const statisticSynonyms: readonly (readonly [labels: string[], asked: RegExp])[] = [
  [['max', 'maximum'], /\b(maximum|highest|largest|peak|worst|longest|slowest|greatest)\b/],
  [['min', 'minimum'], /\b(minimum|lowest|smallest|shortest|fewest)\b/],
  [['mean', 'avg', 'average'], /\b(average|mean|typical|typically|on average)\b/],
  [['median'], /\b(median|typical|typically|middle)\b/],
  [['std', 'deviation', 'stdev', 'sd'], /\b(spread|variability|variation|deviation)\b/],
];

/** "99.9th", "95th", "1st": the number an ordinal is written from. */
const ordinal = /^(\d+(?:\.\d+)?)(?:st|nd|rd|th)$/;

/** The shortest and longest initialism read from the question's words. */
const initialismLength = { min: 2, max: 6 } as const;

export interface TableQuestionWords {
  /**
   * Whether a word of a row's names or headers (a token, lowercase) is one the question names;
   * `initialism`: the text writes it in capitals ("AUPRC"), so the question may spell it out.
   */
  namesWord(word: string, initialism: boolean): boolean;
}

/** The words of a text that name something: tokens that are not function words, once each. */
function namingWords(text: string): string[] {
  return [...new Set(tokenize(text).filter((token) => !isStopword(token)))];
}

/** The question's words as stems, with ordinals read as numbers and statistics as their labels. */
function questionStems(question: string): Set<string> {
  const lowered = question.toLowerCase();
  const stems = new Set<string>();
  for (const word of namingWords(question)) {
    stems.add(stem(word));
    const number = ordinal.exec(word)?.[1];
    if (number !== undefined) stems.add(number);
  }
  for (const [labels, asked] of statisticSynonyms) {
    if (asked.test(lowered)) for (const label of labels) stems.add(stem(label));
  }
  return stems;
}

/**
 * The question's words in order, each split at hyphens and at a lower-to-upper case change
 * ("DeepCoder-style" -> Deep, Coder, style), lowercased, with whether each is a function word.
 */
function wordParts(question: string): { word: string; skippable: boolean }[] {
  const parts: { word: string; skippable: boolean }[] = [];
  for (const raw of question.match(/\p{L}+/gu) ?? []) {
    for (const part of raw.split(/(?<=\p{Ll})(?=\p{Lu})/u)) {
      const word = part.toLowerCase();
      parts.push({ word, skippable: isStopword(word) });
    }
  }
  return parts;
}

/**
 * Whether `initialism` ("auprc") is spelt by the first letters of consecutive question words,
 * function words skippable ("area under the precision-recall curve").
 */
function spelledByInitials(
  initialism: string,
  parts: readonly { word: string; skippable: boolean }[],
): boolean {
  for (let start = 0; start < parts.length; start++) {
    if (parts[start]?.word[0] !== initialism[0] || parts[start]?.skippable) continue;
    let letter = 0;
    for (let position = start; position < parts.length && letter < initialism.length; position++) {
      const part = parts[position];
      if (part === undefined) break;
      if (part.word[0] === initialism[letter]) letter++;
      else if (!part.skippable) break;
    }
    if (letter === initialism.length) return true;
  }
  return false;
}

/**
 * The words a text writes as initialisms, two to six capitals ("AUPRC", "DC"), lowercase. (The
 * paper side, a row label's long form defined or spelt out in the paper's sentences, is
 * questions/abbreviations.ts, which feeds a row's generated questions.)
 */
function capitalWordsIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const word of text.match(/\p{L}+/gu) ?? []) {
    const long = word.length >= initialismLength.min && word.length <= initialismLength.max;
    if (long && /^\p{Lu}+$/u.test(word)) found.add(word.toLowerCase());
  }
  return found;
}

/** Share of `text`'s words that the question names; 0 for a text without words. */
export function sharedWords(text: string, words: TableQuestionWords): number {
  const own = namingWords(text);
  if (own.length === 0) return 0;
  const initialisms = capitalWordsIn(text);
  return own.filter((word) => words.namesWord(word, initialisms.has(word))).length / own.length;
}

/** The words the question names, for matching a table row's names and headers. */
export function tableQuestionWords(question: string): TableQuestionWords | null {
  const stems = questionStems(question);
  if (stems.size === 0) return null;
  const parts = wordParts(question);
  const initialisms = new Map<string, boolean>();
  return {
    namesWord(word, initialism) {
      if (stems.has(stem(word))) return true;
      if (!initialism || !/^\p{L}+$/u.test(word)) return false;
      let spelt = initialisms.get(word);
      if (spelt === undefined) {
        spelt = spelledByInitials(word, parts);
        initialisms.set(word, spelt);
      }
      return spelt;
    },
  };
}
