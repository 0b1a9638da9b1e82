/**
 * @module Sentences of indexed papers that name a dataset (its name or a variant, as a whole word):
 * the citations on dataset cards and dataset pages. Every sentence returned is a stored frame.
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
  index: Pick<AnswerSearch, 'search'>;
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
  const result = await options.index.search({
    query: `${names[0] ?? ''} dataset`,
    limit: Math.max(mentionCandidateFrames, options.limit),
  });
  const mentions: DatasetMention[] = [];
  for (const hit of result.hits) {
    if (!mention.test(hit.text)) continue;
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
