/**
 * @module Answers to questions about papers in the chat, from the frame index: the sentences that
 * answer, scoped to the paper the question names. Until the index is loaded there are none.
 */
import type { PaperAnswerSource } from '@quarry/agent';
import { answerPaperQuestion } from '@quarry/frames';
import type { AnswerSearch } from '@quarry/frames';

export function createFrameAnswerSource(
  currentIndex: () => AnswerSearch | null,
): PaperAnswerSource {
  return {
    async answer({ question, paperHint, limit }) {
      const index = currentIndex();
      if (!index) return { paperTitle: null, answers: [] };
      const result = await answerPaperQuestion({
        index,
        question,
        limit,
        ...(paperHint === undefined ? {} : { paperHint }),
      });
      // With nothing found, say whether any paper could have answered (the titles are read only then).
      const indexedPapers = result.hits.length === 0 ? (await index.paperTitles()).size : undefined;
      return {
        paperTitle: result.paper?.title ?? null,
        clearAnswer: result.clearAnswer,
        ...(indexedPapers === undefined ? {} : { indexedPapers }),
        answers: result.hits.map((hit) => ({
          paperId: hit.paperId,
          paperTitle: hit.paperTitle,
          sentenceIndex: hit.sentenceIndex,
          text: hit.text,
          relevance: hit.cosine,
          sectionKind: hit.sectionKind,
          sectionRole: hit.sectionRole,
        })),
      };
    },
  };
}
