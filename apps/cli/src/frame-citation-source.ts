/**
 * @module Citations for dataset cards from the frame index: sentences of ingested papers that name
 * the dataset (or a variant) as a whole word. Every quote is a stored frame the user can open.
 */
import type { CitationSource } from '@quarry/agent';
import { findDatasetMentions } from '@quarry/frames';
import type { AnswerSearch } from '@quarry/frames';

export function createFrameCitationSource(currentIndex: () => AnswerSearch | null): CitationSource {
  return {
    async citationsFor({ dataset, limit }) {
      const index = currentIndex();
      if (!index) return [];
      const mentions = await findDatasetMentions({
        index,
        names: [dataset.name, ...dataset.variants],
        limit,
      });
      return mentions.map(({ paperId, paperTitle, sentenceIndex, text }) => ({
        paperId,
        paperTitle,
        sentenceIndex,
        text,
      }));
    },
  };
}
