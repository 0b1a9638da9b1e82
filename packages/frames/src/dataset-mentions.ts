/**
 * @module Sentences of indexed papers that name a dataset (its name or a variant, as a whole word):
 * the citations on dataset cards and dataset pages. Every sentence returned is a stored frame.
 * A chat turn looks up every dataset it recommends, so where the backend can search by words
 * alone (the in-memory index) a look-up is one BM25 search, without the answer search's vector scan.
 */
import type { AnswerSearch } from './search/answer-search.js';
import { escapeRegExp } from '@quarry/text';

export interface DatasetMention {
  frameId: string;
  paperId: string;
  paperTitle: string;
  sentenceIndex: number;
  text: string;
}

export interface FindDatasetMentionsOptions {
  /** A loaded frame index or any search backend. */
  index: Pick<AnswerSearch, 'search'> & Partial<Pick<AnswerSearch, 'sentencesMatching'>>;
  /** The dataset's name and variants; names shorter than `minNameLength` are ignored. */
  names: readonly string[];
  limit: number;
}

/** Frames searched per dataset before keeping those that really name it. */
export const mentionCandidateFrames = 40;
/** Shorter names ("MR", "QA") match too many unrelated sentences. */
export const minNameLength = 3;

export async function findDatasetMentions(
  options: FindDatasetMentionsOptions,
): Promise<DatasetMention[]> {
  const names = [...new Set(options.names.map((name) => name.trim()))].filter(
    (name) => name.length >= minNameLength,
  );
  if (names.length === 0 || options.limit <= 0) return [];
  const mention = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${names.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
    'u',
  );
  const query = `${names[0] ?? ''} dataset`;
  const limit = Math.max(mentionCandidateFrames, options.limit);
  // A mention must hold the name, so the words alone find it: no vector scan where the backend
  // can search by words (the in-memory index); the answer search elsewhere.
  const sentences = options.index.sentencesMatching
    ? await options.index.sentencesMatching(query, limit)
    : (await options.index.search({ query, limit })).hits;
  const mentions: DatasetMention[] = [];
  for (const hit of sentences) {
    // The whole-word test only for sentences that hold a name at all (most do not).
    if (!names.some((name) => hit.text.includes(name)) || !mention.test(hit.text)) continue;
    mentions.push({
      frameId: hit.frameId,
      paperId: hit.paperId,
      paperTitle: hit.paperTitle,
      sentenceIndex: hit.sentenceIndex,
      text: hit.text,
    });
    if (mentions.length >= options.limit) break;
  }
  return mentions;
}
