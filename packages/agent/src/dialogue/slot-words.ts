/**
 * @module Which words of a message speak of the slots (kind of data, language, domain, text
 * length) and which only of data in general: what a refinement restates rather than adds.
 */
import { stem, tokenize } from '@quarry/text';
import { needWordsByToken } from '@quarry/recommender';
import { extractConstraints } from '../constraint-extraction.js';
import type { Slot } from '../slots.js';
import { contentWords } from './read-refinement.js';

/** Words for sensor readings themselves, beyond "sensor": "time series", "signals", "EEG". */
const readingsPattern =
  /\b(?:time[- ]?series|signals?|readings?|eeg|ecg|emg|accelerometers?|gyroscopes?|imu|wearables?)\b/i;

/** Whether `text` asks for sensor readings in words other than "sensor". */
export function namesReadings(text: string): boolean {
  return readingsPattern.test(text);
}

/** Words of `request` that signal `slot` (for a dropped domain, "medical" and "clinical"). */
export function wordsSignalling(request: string, slot: Slot): string[] {
  if (slot !== 'modality' && slot !== 'language' && slot !== 'domain') return [];
  const tokens = tokenize(request, { joinHyphenated: false });
  const needs = needWordsByToken(tokens);
  return tokens.filter((_, index) => (needs[index] ?? []).some((word) => word.category === slot));
}

/** Words for data in general, which name no kind, domain or task ("posts", "documents"). */
const generalDataWords: ReadonlySet<string> = new Set(
  ['posts', 'messages', 'documents', 'texts', 'data', 'content', 'material', 'sources', 'ones'].map(
    (word) => stem(word),
  ),
);

/** Whether every content word of `phrase` names a slot's value or data in general. */
export function onlyScopeWords(phrase: string): boolean {
  const words = contentWords(phrase);
  if (words.length === 0) return false;
  const slotWords = new Set(
    (['modality', 'language', 'domain'] as const)
      .flatMap((slot) => wordsSignalling(phrase, slot))
      .map((word) => stem(word.toLowerCase())),
  );
  return words.every((word) => {
    const stemmed = stem(word.toLowerCase());
    return (
      slotWords.has(stemmed) ||
      generalDataWords.has(stemmed) ||
      extractConstraints(word).textLength !== undefined
    );
  });
}
