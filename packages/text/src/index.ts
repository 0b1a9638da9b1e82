/** @module Public surface of @quarry/text. */
export { splitSentences } from './sentence-splitter.js';
export type { SentenceSpan } from './sentence-splitter.js';
