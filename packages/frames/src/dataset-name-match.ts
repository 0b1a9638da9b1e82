/**
 * @module Whether a sentence mentions one dataset, given the dataset's name and variants: the test
 * behind every citation on a dataset card. A name found as a whole word is not yet a mention:
 * - it may be part of a longer name, another dataset's: "Fashion-MNIST", "MNIST-M" or "Moving MNIST"
 *   are not MNIST (a letter or digit on either side, "CIFAR-100" or "EMNIST", never was);
 * - a name that reads as an ordinary word or a bare acronym ("Digits", "Helen", "MAP", "ETHICS")
 *   is mostly something else (digits, a person, a metric, a committee), so on its own it counts
 *   only where the words right around it say a dataset is meant ("the Digits dataset", "datasets
 *   such as MARS and PRW"); a sentence that also names the dataset by a distinctive name counts.
 *   A section heading is no such evidence: a "Datasets" or "Training data" section also names
 *   agencies, companies and machines ("DARPA", "Google", "Linux").
 * Whether the sentence is a bibliography entry is reference-entry.ts's question. Pure.
 */
import { escapeRegExp, isStopword } from '@quarry/text';

/** Shorter names ("MR", "QA") match too many unrelated sentences; they are never looked for. */
export const minNameLength = 3;

export const datasetNameKinds = ['distinctive', 'ambiguous'] as const;
export type DatasetNameKind = (typeof datasetNameKinds)[number];

/** Words around an ambiguous name that say it is a dataset ("datasets such as MARS and PRW"). */
const datasetCueWords = new Set([
  'dataset',
  'datasets',
  'corpus',
  'corpora',
  'database',
  'databases',
  'treebank',
  'treebanks',
]);
/**
 * Words that say so only right after the name ("SICK data", "the KITTI benchmark"): further off
 * they are mostly about something else ("all benchmarks were run on a Linux desktop").
 */
const followingCueWords = new Set([
  'data',
  'set',
  'sets',
  'split',
  'splits',
  'collection',
  'benchmark',
  'benchmarks',
]);
/** Words either side of an ambiguous name that a cue word may be, at most. */
const cueWindowWords = 6;

/**
 * Lowercase words joined to a name by a hyphen that still mean the dataset itself
 * ("ImageNet-pretrained", "MNIST-like"); any other joined part makes another name ("MNIST-M").
 */
const sameDatasetSuffixes = new Set([
  'based',
  'trained',
  'pretrained',
  'like',
  'style',
  'scale',
  'sized',
  'size',
  'specific',
  'derived',
  'only',
  'level',
  'wide',
]);

/** Characters that join a name's parts: hyphens, the en dash, the underscore. */
const joiners = '-\u2010\u2011\u2013_';
/** A part joined after a name: by a joiner, or by a colon as in an identifier ("DBLP:conf"). */
const joinedPart = new RegExp(`^[${joiners}:]([\\p{L}\\p{N}]+)`, 'u');
const letterOrDigit = /[\p{L}\p{N}]/u;
const word = /[\p{L}\p{N}]+/gu;

/**
 * A name is ambiguous when, written alone, it reads as an ordinary word or a bare acronym: one
 * word of letters only ("Digits", "seeds", "MAP", "ETHICS", or an acronym's plural, "PDEs"), or
 * an author citation ("Yan et al"). A digit ("CIFAR-10"), a second word ("Penn Treebank"), a
 * capital inside ("ImageNet", "CoLA") or joined parts ("MSRA-B") make it distinctive.
 */
export function datasetNameKind(name: string): DatasetNameKind {
  const trimmed = name.trim();
  if (/\bet\s+al\.?$/u.test(trimmed)) return 'ambiguous';
  const ordinaryWord = /^\p{Lu}?\p{Ll}+$/u.test(trimmed);
  const acronym = /^\p{Lu}+$/u.test(trimmed) || /^\p{Lu}{2,}s$/u.test(trimmed);
  return ordinaryWord || acronym ? 'ambiguous' : 'distinctive';
}

export interface DatasetNameMatcher {
  /** The names looked for, longest first (the usable ones of those given). */
  readonly names: readonly string[];
  /** Whether the sentence's text mentions the dataset (bibliography entries aside). */
  mentions(text: string): boolean;
}

/** A matcher for one dataset's names; null when none is long enough to look for. */
export function createDatasetNameMatcher(names: readonly string[]): DatasetNameMatcher | null {
  const usable = [...new Set(names.map((name) => name.trim()))]
    .filter((name) => name.length >= minNameLength)
    // Longest first: at one place the longest name wins ("MS COCO" over "COCO").
    .sort((left, right) => right.length - left.length);
  if (usable.length === 0) return null;
  const kinds = new Map(usable.map((name) => [name, datasetNameKind(name)]));
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${usable.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
    'gu',
  );
  return {
    names: usable,
    mentions(text) {
      // The pattern only for sentences that hold a name at all (most do not).
      if (!usable.some((name) => text.includes(name))) return false;
      for (const match of text.matchAll(pattern)) {
        const start = match.index;
        const end = start + match[0].length;
        const kind = kinds.get(match[0]) ?? 'ambiguous';
        if (partOfLongerName({ text, start, end, kind })) continue;
        if (kind === 'distinctive' || saysDataset(text, start, end)) return true;
      }
      return false;
    },
  };
}

/**
 * Whether the name at [start, end) is part of a longer name: joined by a hyphen to a word before
 * it ("Fashion-MNIST") or to a part after it that is not a plain modifier ("MNIST-M",
 * "CIFAR-10-C"); opening an identifier ("DBLP:conf/...", "DBLP: journals/corr/..."); or, for an
 * ambiguous name, next to a capitalised word that is neither a function word nor a cue word
 * ("Moving MNIST", "Arabic Handwritten Digits", "Google Street View"). A distinctive name beside
 * a capitalised word is mostly the same dataset qualified ("PASCAL VOC 2012", "CoNLL-2012
 * English", "NYU Hand Pose Dataset" for "NYU Hand") or a sentence's first word ("Using
 * SimpleQuestions, ...").
 */
export function partOfLongerName(options: {
  text: string;
  start: number;
  end: number;
  kind: DatasetNameKind;
}): boolean {
  const { text, start, end } = options;
  const before = text[start - 1];
  if (
    before !== undefined &&
    joiners.includes(before) &&
    letterOrDigit.test(text[start - 2] ?? '')
  ) {
    return true;
  }
  const rest = text.slice(end, end + 80);
  const joined = joinedPart.exec(rest)?.[1];
  if (joined !== undefined && (rest.startsWith(':') || !sameDatasetSuffixes.has(joined))) {
    return true;
  }
  if (/^:\s?[\p{L}\p{N}._-]+\//u.test(rest)) return true;
  if (options.kind === 'distinctive') return false;
  const previous = /(?:^|\s)(\S+) $/u.exec(text.slice(Math.max(0, start - 40), start))?.[1];
  const next = /^ (\S+)/u.exec(rest)?.[1];
  return isNamePart(previous) || isNamePart(next);
}

/** Capitalised words after a name that still mean the dataset ("the BraTS 2017 Challenge"). */
const sameDatasetWords = new Set([...datasetCueWords, ...followingCueWords, 'challenge']);

/** A capitalised word, neither a function word nor a cue word: a part of some proper name. */
function isNamePart(token: string | undefined): boolean {
  if (token === undefined || !/^\p{Lu}[\p{L}\p{N}]*$/u.test(token)) return false;
  const lower = token.toLowerCase();
  return !isStopword(lower) && !sameDatasetWords.has(lower);
}

/**
 * Whether the words around an ambiguous name say a dataset is meant: a cue word ("dataset",
 * "corpus", "database", ...) within a few words either side, or "data", "set" or "benchmark" right
 * after it ("the MARS test set" too). A name written in lower case ("seeds") is a common noun
 * unless a cue word follows it at once ("the seeds dataset"); an owner ("Google's") is no dataset.
 */
function saysDataset(text: string, start: number, end: number): boolean {
  if (/^['\u2019]s(?![\p{L}\p{N}])/u.test(text.slice(end))) return false;
  const wordsBefore = wordsOf(text.slice(0, start)).slice(-cueWindowWords);
  const wordsAfter = wordsOf(text.slice(end)).slice(0, cueWindowWords);
  const next = wordsAfter[0] ?? '';
  if (datasetCueWords.has(next) || followingCueWords.has(next)) return true;
  // "the KITTI test set", "the COCO validation split".
  if (
    followingCueWords.has(wordsAfter[1] ?? '') &&
    /^(?:test|training|train|validation|dev|development|val)$/u.test(next)
  ) {
    return true;
  }
  if (!/\p{Lu}/u.test(text.slice(start, end))) return false;
  return [...wordsBefore, ...wordsAfter].some((each) => datasetCueWords.has(each));
}

/** The lowercase words of a text. */
function wordsOf(text: string): string[] {
  return (text.match(word) ?? []).map((each) => each.toLowerCase());
}
