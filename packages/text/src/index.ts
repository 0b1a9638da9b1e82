/** @module Public surface of @quarry/text. */
export { analyze, createAnalyzer } from './analyze.js';
export type { AnalyzeOptions, Analyzer } from './analyze.js';
export { createBm25Index } from './bm25.js';
export type {
  Bm25Document,
  Bm25DocumentId,
  Bm25Field,
  Bm25Hit,
  Bm25Index,
  Bm25IndexOptions,
  Bm25SearchOptions,
} from './bm25.js';
export { detokenize } from './detokenize.js';
export { escapeRegExp } from './escape-reg-exp.js';
export type { DetokenizedText, WordOffset } from './detokenize.js';
export { foldDiacritics } from './fold-diacritics.js';
export { normalizeName } from './normalize-name.js';
export { normalizeScores } from './normalize-scores.js';
export { splitSentences } from './sentence-splitter.js';
export type { SentenceSpan } from './sentence-splitter.js';
export { stem } from './stem.js';
export { englishStopwords, isStopword } from './stopwords.js';
export { tokenize } from './tokenize.js';
export type { TokenizeOptions } from './tokenize.js';
export { spellOutLigatures } from './spell-out-ligatures.js';
