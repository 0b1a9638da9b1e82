/**
 * @module The Porter stemmer: M. F. Porter, "An algorithm for suffix stripping", Program 14(3),
 * 130-137, 1980. Implemented from the paper's rules (steps 1a-5b), for lowercase English words.
 */

interface SuffixRule {
  suffix: string;
  replacement: string;
}

/** Step 2, applied when the stem's measure is above 0. */
const step2Rules = byLongestSuffix([
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['abli', 'able'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
]);

/** Step 3, applied when the stem's measure is above 0. */
const step3Rules = byLongestSuffix([
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
]);

/** Step 4, removed when the stem's measure is above 1 ("ion" only after "s" or "t"). */
const step4Suffixes = byLongestSuffix(
  ['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'ou']
    .concat(['ism', 'ate', 'iti', 'ous', 'ive', 'ize'])
    .map((suffix) => [suffix, ''] as const),
);

const lowercaseAscii = /^[a-z]+$/u;

/**
 * Reduces a lowercase English word to its Porter stem ("generalizations" -> "gener").
 * Words of one or two letters, and words with anything but a-z, are returned unchanged.
 */
export function stem(word: string): string {
  if (word.length <= 2 || !lowercaseAscii.test(word)) return word;
  let result = step1a(word);
  result = step1b(result);
  result = step1c(result);
  result = applyLongestRule(result, step2Rules, 0);
  result = applyLongestRule(result, step3Rules, 0);
  result = applyLongestRule(result, step4Suffixes, 1);
  result = step5a(result);
  return step5b(result);
}

function step1a(word: string): string {
  if (word.endsWith('sses') || word.endsWith('ies')) return word.slice(0, -2);
  if (word.endsWith('ss')) return word;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function step1b(word: string): string {
  if (word.endsWith('eed')) {
    return measure(word.slice(0, -3)) > 0 ? word.slice(0, -1) : word;
  }
  for (const suffix of ['ed', 'ing']) {
    if (!word.endsWith(suffix)) continue;
    const base = word.slice(0, -suffix.length);
    return containsVowel(base) ? restoreAfterStep1b(base) : word;
  }
  return word;
}

/** After removing "ed" or "ing": "conflat" -> "conflate", "hopp" -> "hop", "fil" -> "file". */
function restoreAfterStep1b(base: string): string {
  if (base.endsWith('at') || base.endsWith('bl') || base.endsWith('iz')) return `${base}e`;
  if (endsWithDoubleConsonant(base) && !/[lsz]$/u.test(base)) return base.slice(0, -1);
  if (measure(base) === 1 && endsConsonantVowelConsonant(base)) return `${base}e`;
  return base;
}

function step1c(word: string): string {
  if (word.endsWith('y') && containsVowel(word.slice(0, -1))) return `${word.slice(0, -1)}i`;
  return word;
}

/**
 * Finds the longest rule whose suffix ends `word` and applies it when the remaining stem's
 * measure exceeds `minimumMeasure`. Only that rule is tried, as the paper specifies.
 */
function applyLongestRule(
  word: string,
  rules: readonly SuffixRule[],
  minimumMeasure: number,
): string {
  const rule = rules.find((candidate) => word.endsWith(candidate.suffix));
  if (rule === undefined) return word;
  const base = word.slice(0, word.length - rule.suffix.length);
  if (measure(base) <= minimumMeasure) return word;
  if (rule.suffix === 'ion' && !/[st]$/u.test(base)) return word;
  return base + rule.replacement;
}

function step5a(word: string): string {
  if (!word.endsWith('e')) return word;
  const base = word.slice(0, -1);
  const baseMeasure = measure(base);
  if (baseMeasure > 1 || (baseMeasure === 1 && !endsConsonantVowelConsonant(base))) return base;
  return word;
}

function step5b(word: string): string {
  if (word.endsWith('ll') && measure(word) > 1) return word.slice(0, -1);
  return word;
}

/** Porter's consonant: not a, e, i, o, u, and not a "y" that follows a consonant. */
function isConsonant(word: string, index: number): boolean {
  switch (word.charAt(index)) {
    case 'a':
    case 'e':
    case 'i':
    case 'o':
    case 'u':
      return false;
    case 'y':
      return index === 0 || !isConsonant(word, index - 1);
    default:
      return true;
  }
}

/** The m in [C](VC)^m[V]: how many vowel-consonant sequences the word has. */
function measure(word: string): number {
  let count = 0;
  let index = 0;
  while (index < word.length && isConsonant(word, index)) index++;
  while (index < word.length) {
    while (index < word.length && !isConsonant(word, index)) index++;
    if (index === word.length) break;
    while (index < word.length && isConsonant(word, index)) index++;
    count++;
  }
  return count;
}

function containsVowel(word: string): boolean {
  for (let index = 0; index < word.length; index++) {
    if (!isConsonant(word, index)) return true;
  }
  return false;
}

function endsWithDoubleConsonant(word: string): boolean {
  const last = word.length - 1;
  return last >= 1 && word.charAt(last) === word.charAt(last - 1) && isConsonant(word, last);
}

/** Porter's *o: consonant-vowel-consonant at the end, the last not w, x or y ("hop", "fil"). */
function endsConsonantVowelConsonant(word: string): boolean {
  const last = word.length - 1;
  if (last < 2) return false;
  return (
    isConsonant(word, last - 2) &&
    !isConsonant(word, last - 1) &&
    isConsonant(word, last) &&
    !/[wxy]$/u.test(word)
  );
}

function byLongestSuffix(pairs: readonly (readonly [string, string])[]): SuffixRule[] {
  return pairs
    .map(([suffix, replacement]) => ({ suffix, replacement }))
    .sort((left, right) => right.suffix.length - left.suffix.length);
}
