/**
 * @module Sentences of indexed papers that mention a dataset: the citations on dataset cards and
 * dataset pages. A sentence counts when it names that very dataset (dataset-name-match.ts: not a
 * longer name holding its name, not an ordinary word or acronym that happens to be spelled like
 * it) in running text, never in the bibliography (reference-entry.ts). Every sentence returned is
 * a stored frame. A chat turn looks up every dataset it recommends, so where the backend can search
 * by words alone (the in-memory index) a look-up is one BM25 search, without the vector scan.
 */
import { createDatasetNameMatcher } from './dataset-name-match.js';
import { isBibliographySentence } from './reference-entry.js';
import type { AnswerSearch } from './search/answer-search.js';

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
  /**
   * The dataset's name first, then its variants; names shorter than `minNameLength`
   * (dataset-name-match.ts) are ignored.
   */
  names: readonly string[];
  limit: number;
}

/** Frames searched per dataset before keeping those that really name it. */
export const mentionCandidateFrames = 40;

export async function findDatasetMentions(
  options: FindDatasetMentionsOptions,
): Promise<DatasetMention[]> {
  const matcher = createDatasetNameMatcher(options.names);
  if (matcher === null || options.limit <= 0) return [];
  const name = options.names
    .map((each) => each.trim())
    .find((each) => matcher.names.includes(each));
  const query = `${name ?? matcher.names[0] ?? ''} dataset`;
  const limit = Math.max(mentionCandidateFrames, options.limit);
  // A mention must hold the name, so the words alone find it: no vector scan where the backend
  // can search by words (the in-memory index); the answer search elsewhere.
  const sentences = options.index.sentencesMatching
    ? await options.index.sentencesMatching(query, limit)
    : (await options.index.search({ query, limit })).hits;
  const mentions: DatasetMention[] = [];
  for (const hit of sentences) {
    if (!matcher.mentions(hit.text) || isBibliographySentence(hit)) continue;
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
