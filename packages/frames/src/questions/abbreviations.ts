/**
 * @module The abbreviations a paper defines, read from its own sentences in the manner of Schwartz
 * and Hearst (2003): "Memory Augmented Neural Network (MANN)", the other way round "PLT (platelet)",
 * and the definition-list form "DC: Deep–Coder style baseline". The long form is the shortest run
 * of words just before (or after) the short form whose letters hold the short form's letters in
 * order, the first of them starting a word. A table row names a method by its short form only
 * ("MANN [20]"); a reader asks for it by its long form ("the memory-augmented neural network").
 */

/** Short forms: one or two words, 2 to 10 characters, a letter first, a capital among them. */
const shortFormPattern = /^(?=.*\p{Lu})[\p{L}\p{N}][\p{L}\p{N}+&/.-]{1,9}$/u;
/** Words that never start a long form (a parenthesis of a citation, a year or a figure). */
const notShortForm = /^(?:e\.?g|i\.?e|cf|et|al|see|fig|figure|table|eq|sec|section)\b/i;

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Whether `words` spell `short`'s letters in order, the first letter at the start of the first
 * word; the words are tried as they stand.
 */
function spells(short: string, words: readonly string[]): boolean {
  const wanted = letters(short);
  const first = letters(words[0] ?? '');
  if (wanted.length === 0 || first[0] !== wanted[0]) return false;
  const text = letters(words.join(' '));
  let at = 0;
  for (const char of wanted) {
    const found = text.indexOf(char, at);
    if (found < 0) return false;
    at = found + 1;
  }
  return true;
}

/** Most words a long form of `short` may have (Schwartz and Hearst: min(|A| + 5, 2|A|)). */
function maxWords(short: string): number {
  const size = letters(short).length;
  return Math.min(size + 5, size * 2);
}

/** The shortest run of words ending the list that spells `short`, or null. */
function longFormBefore(short: string, before: readonly string[]): string | null {
  const limit = Math.min(maxWords(short), before.length);
  for (let count = 1; count <= limit; count++) {
    const words = before.slice(before.length - count);
    // A long form is longer than its short form and holds more than the short form itself.
    if (words.length === 1 && letters(words[0] ?? '') === letters(short)) return null;
    if (spells(short, words) && letters(words.join('')).length > letters(short).length) {
      return words.join(' ');
    }
  }
  return null;
}

/** The shortest run of words opening the list that spells `short`, or null. */
function longFormAfter(short: string, after: readonly string[]): string | null {
  const limit = Math.min(maxWords(short), after.length);
  for (let count = 1; count <= limit; count++) {
    const words = after.slice(0, count);
    if (spells(short, words) && letters(words.join('')).length > letters(short).length) {
      // The last word must hold the short form's last letter: "Deep–Coder", not "Deep–Coder style".
      const shorter = words.slice(0, -1);
      if (shorter.length > 0 && spells(short, shorter)) continue;
      return words.join(' ');
    }
  }
  return null;
}

const cleanWord = (word: string) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

function isShortForm(text: string): boolean {
  return shortFormPattern.test(text) && !notShortForm.test(text) && !/^\p{N}+$/u.test(text);
}

/** A short form outside parentheses ("PLT (platelet)", "DC: …") has two capitals at least. */
function isBareShortForm(text: string): boolean {
  return isShortForm(text) && (text.match(/\p{Lu}/gu) ?? []).length >= 2;
}

/** Short form -> long form, for every definition in `sentences` (the first one found wins). */
export function abbreviationsIn(sentences: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  const add = (short: string, long: string | null) => {
    if (long !== null && !found.has(short)) found.set(short, long);
  };
  for (const sentence of sentences) {
    for (const match of sentence.matchAll(/\(([^()]{1,40})\)/gu)) {
      const inside = (match[1] ?? '').trim();
      const beforeText = sentence.slice(0, match.index);
      const before = beforeText.split(/\s+/u).map(cleanWord).filter(Boolean);
      const innerWords = inside.split(/\s+/u).filter(Boolean);
      if (innerWords.length <= 2 && isShortForm(inside)) {
        add(inside, longFormBefore(inside, before));
        continue;
      }
      // "PLT (platelet)": a short form just before a parenthesis of its long form.
      const last = before[before.length - 1] ?? '';
      if (isBareShortForm(last) && innerWords.length <= maxWords(last)) {
        add(last, longFormAfter(last, innerWords.map(cleanWord).filter(Boolean)));
      }
    }
    // "DC: Deep–Coder style baseline …": a definition list's entry.
    const entry = /^\s*([\p{L}\p{N}][\p{L}\p{N}+&/.-]{1,9})\s*:\s+(.+)$/u.exec(sentence);
    if (entry && isBareShortForm(entry[1] ?? '')) {
      const short = entry[1] ?? '';
      add(short, longFormAfter(short, (entry[2] ?? '').split(/\s+/u).map(cleanWord)));
    }
  }
  return found;
}

/**
 * Initialisms the paper spells out without defining them ("we apply Conditional Random Field …"
 * for a table row "CRF"): for each wanted short form of 3 to 6 capitals (two letters match by
 * chance too often), the first run of as many capitalised words whose initials are its letters.
 */
export function initialismsIn(
  sentences: readonly string[],
  wanted: Iterable<string>,
): Map<string, string> {
  const shorts = new Set([...wanted].filter((short) => /^\p{Lu}{3,6}$/u.test(short)));
  const found = new Map<string, string>();
  if (shorts.size === 0) return found;
  for (const sentence of sentences) {
    const words = sentence.split(/\s+/u).map(cleanWord);
    for (let start = 0; start < words.length; start++) {
      for (const short of shorts) {
        if (found.has(short)) continue;
        const run = words.slice(start, start + short.length);
        const spelled =
          run.length === short.length &&
          run.every((word, index) => /^\p{Lu}\p{Ll}/u.test(word) && word[0] === short[index]);
        if (spelled) found.set(short, run.join(' '));
      }
    }
    if (found.size === shorts.size) break;
  }
  return found;
}

/**
 * `name` with each short form in it followed by its long form ("MANN [20]" -> "MANN (Memory
 * Augmented Neural Network) [20]"), or null when it holds none.
 */
export function expandAbbreviations(
  name: string,
  abbreviations: ReadonlyMap<string, string>,
): string | null {
  if (abbreviations.size === 0) return null;
  let expanded = false;
  const text = name.replace(
    /[\p{L}\p{N}][\p{L}\p{N}+&/.-]*[\p{L}\p{N}+]|[\p{L}\p{N}]/gu,
    (word) => {
      const long = abbreviations.get(word);
      if (long === undefined) return word;
      expanded = true;
      return `${word} (${long})`;
    },
  );
  return expanded ? text : null;
}
