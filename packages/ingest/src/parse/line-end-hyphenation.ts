/**
 * @module Line-end hyphenation: how two wrapped lines of a paper join into running text. A word
 * hyphenated at a line end ("regu-" / "larization") is rejoined without its hyphen, unless the
 * hyphen is a real compound hyphen ("low-" / "resource"), judged from the paper's own text:
 *
 * 1. The joined word occurs elsewhere in the paper ("regularization"): join.
 * 2. The hyphenated form occurs elsewhere with its hyphen mid-line ("low-resource"): keep.
 * 3. The joined word is one of English's most frequent words ("frame-" / "work", "like-" /
 *    "wise", "on-" / "line"; english-words.ts): join, unless rule 4 keeps it for a one-letter or
 *    acronym first part or a second part of at most two letters.
 * 4. Otherwise keep only when the hyphenated form is typical: the first part is one letter
 *    ("x-axis", "t-visibility") or an acronym ("SVM-based"); the second part has at most two
 *    letters ("state-" / "of-the-art": typesetters leave at least three letters after a syllable
 *    break); or the first part is a word the paper uses elsewhere and the second part is a common
 *    compound head ("gradient-" / "based", "low-" / "level"); or the first part is a common compound modifier
 *    and the second part a word used elsewhere ("multi-" / "version", "non-" / "keyphrase"), the
 *    modifier itself needing no other use in the paper (no syllable break leaves one of them
 *    before a word).
 * 5. Keep when both parts are content words the paper writes on their own (mid-line, in lower
 *    case, so neither a fragment of another break nor a name), at least three letters
 *    each, and no word of the paper shares the joined word's stem ("parameter-" / "optimized",
 *    "user-" / "generated", "protein-" / "protein"): a syllable break seldom leaves two words, and a
 *    closed compound ("frame-" / "works") is almost always written whole somewhere else in the
 *    paper. Function words are left out ("some-" / "times", "there-" / "fore").
 * 6. Keep when both parts are words of a general English vocabulary (english-words.ts), at least
 *    three letters each and no function words, and the joined form is neither such a word nor
 *    related to a word of the paper ("general-" / "purpose", "walled-" / "garden").
 * 7. Otherwise join: most line-end hyphens are syllable breaks.
 *
 * A line end inside a word that already holds a hyphen ("day-to-" / "day", "learning-to-" /
 * "learn") is that word's own hyphen, kept before any rule, unless the paper writes the chain with
 * that part whole ("Danescu-Nicu-" / "lescu", "Danescu-Niculescu-Mizil" elsewhere).
 *
 * Before a capital ("Compiled-" / "Method", "word-" / "BLEU") the hyphen is joined only when the
 * paper writes the joined form elsewhere (or its plural), capitals inside it as here ("CompiledMethod"): a name
 * in camel case broken where its parts meet; or a name in capitals ("ER-" / "RANT") the paper
 * writes whole and never with that hyphen. Any other hyphen before a capital stays.
 *
 * Every other line break is a single space, except after a hyphen or dash that follows a
 * non-space character ("10-" / "fold", "BERT-" / "Large", "2010–" / "2015"), which joins with no
 * space and keeps the dash. A soft hyphen (U+00AD) at a line end is always a syllable break.
 */

import { isStopword, stem } from '@quarry/text';
import { commonEnglishWords, englishWords } from './english-words.js';

/** What the paper's text says about its words, gathered from everything but the breaks. */
export interface HyphenationEvidence {
  /** Every word, lower-cased, and each part of a hyphenated word ("low-resource": "low", "resource"). */
  words: ReadonlySet<string>;
  /** The stem (stem.ts) of every word written whole, not hyphenated ("frameworks": "framework"). */
  stems: ReadonlySet<string>;
  /** Every word written on its own, mid-line and in lower case, not as a part of a hyphenated word. */
  wholeWords: ReadonlySet<string>;
  /** Every run of two or more parts of a hyphenated word written within a line, lower-cased. */
  hyphenatedForms: ReadonlySet<string>;
  /** Every word with a capital after a lower-case letter ("CompiledMethod", "wordBLEU"), as written. */
  mixedCaseWords?: ReadonlySet<string>;
  /** A general English vocabulary (english-words.ts), for rule 6; empty leaves rule 6 out. */
  englishWords?: ReadonlySet<string>;
  /** Its most frequent words, for rule 3 (empty or absent leaves rule 3 out). */
  commonWords?: ReadonlySet<string>;
}

export type LineEndHyphen = 'join' | 'keep';

/**
 * Second parts that make a typical compound with a word before them ("gradient-based",
 * "low-level", "state-of-the-art"). Some also end closed words ("otherwise", "runtime"), which is
 * why a joined form seen in the paper wins, and why the first part must be a word of the paper.
 */
const compoundHeads: ReadonlySet<string> = new Set([
  'agnostic',
  'art',
  'aware',
  'based',
  'centric',
  'defined',
  'dependent',
  'dimensional',
  'driven',
  'free',
  'grained',
  'independent',
  'level',
  'like',
  'oriented',
  'scale',
  'sensitive',
  'shot',
  'specific',
  'supervised',
  'term',
  'time',
  'trained',
  'tuned',
  'tuning',
  'wise',
  'world',
]);

/**
 * First parts that make a typical compound with a word after them ("multi-version"); a syllable
 * break leaves a fragment after them that is no word ("low-" / "est"), or the joined word is seen.
 */
const compoundModifiers: ReadonlySet<string> = new Set([
  'cross',
  'high',
  'human',
  'low',
  'multi',
  'non',
  'self',
  'semi',
  'well',
]);

/** Fewest letters of each part of a compound judged from its two parts alone (rule 5). */
const shortestCompoundPart = 3;

/** Letters and the combining marks of a word. */
const letters = '[\\p{L}\\p{M}]';
const wordPattern = new RegExp(`${letters}+(?:[-\u2010]${letters}+)*`, 'gu');
/** A line ending in a hyphenated word fragment: "… regu-", "… state-of-", "… SVM-". */
const lineEndFragmentPattern = new RegExp(
  `(${letters}+(?:[-\u2010]${letters}+)*)[-\u2010\u00AD]$`,
  'u',
);
/** The word a line starts with, when it starts lower-case: "larization", "of-the-art". */
const lineStartFragmentPattern = new RegExp(`^\\p{Ll}${letters}*(?:[-\u2010]${letters}+)*`, 'u');
/** A line ending in letters and a hyphen, and one starting with a capital: a camel-case name's parts. */
const lineEndLettersPattern = new RegExp(`(${letters}+)[-\u2010]$`, 'u');
const lineStartCapitalPattern = new RegExp(`^\\p{Lu}${letters}*`, 'u');
const mixedCasePattern = /\p{Ll}\p{Lu}/u;
const hyphensPattern = /[-\u2010]/;
/** A line end that joins the next line without a space: a hyphen or dash after a non-space. */
const gluedLineEndPattern = /\S[-\u2010\u2011\u2013\u2014\u00AD]$/u;
/** Longest run of parts of a hyphenated word recorded as a form. */
const longestHyphenatedForm = 6;

function partsOf(word: string): string[] {
  return word.toLowerCase().split(hyphensPattern);
}

/** The broken word around a line end, or null when the line does not end in one. */
function brokenWordAt(
  lineEnd: string,
  nextLine: string,
): { left: string[]; right: string[]; isSoftHyphen: boolean } | null {
  const fragment = lineEndFragmentPattern.exec(lineEnd);
  const continuation = lineStartFragmentPattern.exec(nextLine.trimStart());
  if (fragment?.[1] === undefined || continuation === null) return null;
  return {
    left: fragment[1].split(hyphensPattern),
    right: continuation[0].split(hyphensPattern),
    isSoftHyphen: lineEnd.endsWith('\u00AD'),
  };
}

/**
 * Gathers the words and hyphenated forms of a paper from its lines, in reading order, leaving out
 * the two fragments of every word broken at a line end (they would vouch for themselves).
 */
export function collectHyphenationEvidence(
  lines: readonly string[],
  vocabulary: ReadonlySet<string> = englishWords(),
  commonWords: ReadonlySet<string> = commonEnglishWords(),
): HyphenationEvidence {
  const words = new Set<string>();
  const wholeWords = new Set<string>();
  const hyphenatedForms = new Set<string>();
  const mixedCaseWords = new Set<string>();
  const textLines = lines.map((line) => line.trim()).filter((line) => line.length > 0);
  let isLineStartBroken = false;
  for (const [position, line] of textLines.entries()) {
    const isLineEndBroken = brokenWordAt(line, textLines[position + 1] ?? '') !== null;
    const found = [...line.matchAll(wordPattern)];
    const first = isLineStartBroken ? 1 : 0;
    const end = found.length - (isLineEndBroken ? 1 : 0);
    for (const [index, match] of found.slice(first, Math.max(first, end)).entries()) {
      const parts = partsOf(match[0]);
      for (const part of parts) words.add(part);
      // A line's first word, or its last before a hyphen, may be a fragment of a break that the
      // reading order did not put side by side (a paragraph run on over a column or a figure).
      const isMidLine =
        first + index > 0 && !(first + index === found.length - 1 && /[-\u2010]$/u.test(line));
      // Written in lower case: a name ("Ying Wei", "Tao") is no word to build a compound from.
      const isLowerCase = parts.length === 1 && parts[0] === match[0];
      if (isLowerCase && isMidLine && parts[0] !== undefined) wholeWords.add(parts[0]);
      if (parts.length === 1 && mixedCasePattern.test(match[0])) mixedCaseWords.add(match[0]);
      for (let start = 0; start < parts.length - 1; start += 1) {
        const last = Math.min(parts.length, start + longestHyphenatedForm);
        for (let stop = start + 2; stop <= last; stop += 1) {
          hyphenatedForms.add(parts.slice(start, stop).join('-'));
        }
      }
    }
    isLineStartBroken = isLineEndBroken;
  }
  const stems = new Set([...wholeWords].map((word) => stem(word)));
  return {
    words,
    stems,
    wholeWords,
    hyphenatedForms,
    mixedCaseWords,
    englishWords: vocabulary,
    commonWords,
  };
}

/** Rule 5: two content words of the paper, whose joined form has no relative in the paper. */
function isPairOfWords(left: string, right: string, evidence: HyphenationEvidence): boolean {
  const isContentWord = (part: string): boolean =>
    [...part].length >= shortestCompoundPart && evidence.wholeWords.has(part) && !isStopword(part);
  return isContentWord(left) && isContentWord(right) && !evidence.stems.has(stem(left + right));
}

/** Prefixes written with or without a hyphen ("pre-trained", "pretrained"): no evidence for rule 6. */
const boundPrefixes: ReadonlySet<string> = new Set(
  'anti co de dis hyper inter intra mis multi non over post pre re semi sub super un under'.split(
    ' ',
  ),
);

/**
 * Rule 6: two English words whose joined form is no English word and has no relative in the paper
 * ("general-" / "purpose", "walled-" / "garden"): a compound the paper writes only once.
 */
function isPairOfEnglishWords(left: string, right: string, evidence: HyphenationEvidence): boolean {
  const vocabulary = evidence.englishWords;
  if (vocabulary === undefined || vocabulary.size === 0) return false;
  const isWord = (part: string): boolean =>
    [...part].length >= shortestCompoundPart && vocabulary.has(part) && !isStopword(part);
  const joined = left + right;
  return (
    isWord(left) &&
    !boundPrefixes.has(left) &&
    isWord(right) &&
    !vocabulary.has(joined) &&
    !evidence.stems.has(stem(joined))
  );
}

/** A camel-case name broken where its parts meet, written whole elsewhere in the paper. */
function isBrokenMixedCaseWord(options: {
  lineEnd: string;
  nextLine: string;
  evidence: HyphenationEvidence;
}): boolean {
  const left = lineEndLettersPattern.exec(options.lineEnd)?.[1];
  const right = lineStartCapitalPattern.exec(options.nextLine.trimStart())?.[0];
  if (left === undefined || right === undefined) return false;
  const written = options.evidence.mixedCaseWords;
  if (
    written !== undefined &&
    ['', 's', 'es'].some((ending) => written.has(left + right + ending))
  ) {
    return true;
  }
  // A name in capitals broken inside ("ER-" / "RANT"), written whole elsewhere and never hyphenated.
  const joinedLower = (left + right).toLowerCase();
  return (
    /^\p{Lu}{2,}$/u.test(left) &&
    /^\p{Lu}{2,}$/u.test(right) &&
    options.evidence.words.has(joinedLower) &&
    !options.evidence.hyphenatedForms.has(`${left}-${right}`.toLowerCase())
  );
}

/**
 * Whether the hyphen that ends `lineEnd` joins the word that starts `nextLine` without it ('join')
 * or stays as a compound hyphen ('keep'); null when there is no such word break: the line does not
 * end in a letter and a hyphen, or the next line does not start with a lower-case letter (unless
 * the two make a camel-case word of the paper: 'join').
 */
export function judgeLineEndHyphen(options: {
  lineEnd: string;
  nextLine: string;
  evidence: HyphenationEvidence;
}): LineEndHyphen | null {
  const broken = brokenWordAt(options.lineEnd.trimEnd(), options.nextLine);
  if (broken === null) {
    return isBrokenMixedCaseWord({ ...options, lineEnd: options.lineEnd.trimEnd() })
      ? 'join'
      : null;
  }
  if (broken.isSoftHyphen) return 'join';
  // A word already holding a hyphen breaks at its hyphens: "day-to-" / "day" is "day-to-day",
  // though the paper writes "today"; unless the paper writes the chain with the part joined
  // ("Danescu-Nicu-" / "lescu-Mizil", written "Danescu-Niculescu-Mizil" elsewhere).
  if (broken.left.length > 1) {
    const chainJoined = [
      ...broken.left.slice(0, -1),
      `${broken.left[broken.left.length - 1] ?? ''}${broken.right[0] ?? ''}`,
    ]
      .join('-')
      .toLowerCase();
    return options.evidence.hyphenatedForms.has(chainJoined) ? 'join' : 'keep';
  }
  const { words, hyphenatedForms } = options.evidence;
  // One part before the hyphen from here on: a chain was judged above.
  const leftPart = broken.left[0] ?? '';
  const rightPart = (broken.right[0] ?? '').toLowerCase();
  const leftWord = leftPart.toLowerCase();
  if (words.has(leftWord + rightPart)) return 'join';
  if (hyphenatedForms.has(`${leftWord}-${rightPart}`)) return 'keep';
  const isLetterOrAcronym = [...leftPart].length === 1 || /\p{Lu}.*\p{Lu}/u.test(leftPart);
  const isTooShortForASyllable = [...rightPart].length <= 2;
  const isCommonWord = options.evidence.commonWords?.has(leftWord + rightPart) ?? false;
  if (!isLetterOrAcronym && !isTooShortForASyllable && isCommonWord) return 'join';
  const isCompoundPart =
    (words.has(leftWord) && compoundHeads.has(rightPart)) ||
    (compoundModifiers.has(leftWord) && words.has(rightPart));
  return isLetterOrAcronym ||
    isTooShortForASyllable ||
    isCompoundPart ||
    isPairOfWords(leftWord, rightPart, options.evidence) ||
    (leftPart === leftWord && isPairOfEnglishWords(leftWord, rightPart, options.evidence))
    ? 'keep'
    : 'join';
}

/**
 * `text` with `nextLine` appended as running text (see the module note), `nextLine` unchanged at
 * the end, so the next line starts at `result.length - nextLine.length`.
 */
export function joinWrappedLine(options: {
  text: string;
  nextLine: string;
  evidence: HyphenationEvidence;
}): string {
  const text = options.text.trimEnd();
  const { nextLine } = options;
  if (text.length === 0) return nextLine;
  const hyphen = judgeLineEndHyphen({ lineEnd: text, nextLine, evidence: options.evidence });
  if (hyphen === 'join') return text.slice(0, -1) + nextLine;
  if (hyphen === 'keep' || gluedLineEndPattern.test(text)) return text + nextLine;
  return `${text} ${nextLine}`;
}
