/**
 * @module `/quarry ask` and `/quarry find` over the server's frame index: answer search across
 * every indexed paper, and in-paper search in the paper a reference names — its id, a title that
 * contains the reference, or the paper that name is used in most. Until the index is loaded there
 * are no sentences.
 */
import type { Citation } from '@quarry/agent';
import { namedPaper } from '@quarry/frames';
import type { AnswerSearch } from '@quarry/frames';
import type { SlackPaperSearch } from './slack-paper-search.js';

async function paperNamed(
  index: AnswerSearch,
  reference: string,
): Promise<{ id: string; title: string } | null> {
  const titles = await index.paperTitles();
  const exact = titles.get(reference);
  if (exact !== undefined) return { id: reference, title: exact };
  const wanted = reference.toLowerCase();
  for (const [paperId, title] of titles) {
    if (title.toLowerCase().includes(wanted)) return { id: paperId, title };
  }
  return namedPaper(index, reference);
}

export function createFrameSlackSearch(currentSearch: () => AnswerSearch | null): SlackPaperSearch {
  return {
    async ask({ question, limit }) {
      const index = currentSearch();
      if (!index) return { sentences: [], clearAnswer: false };
      const result = await index.search({ query: question, limit });
      return {
        clearAnswer: result.clearAnswer,
        sentences: result.hits.map((hit): Citation => ({
          paperId: hit.paperId,
          paperTitle: hit.paperTitle,
          sentenceIndex: hit.sentenceIndex,
          text: hit.text,
        })),
      };
    },
    async find({ paper, question, limit }) {
      const index = currentSearch();
      if (!index) return { paper: null, sentences: [], clearAnswer: false };
      const named = await paperNamed(index, paper);
      if (named === null) return { paper: null, sentences: [], clearAnswer: false };
      const result = await index.findInPaper({
        paperId: named.id,
        query: question,
        mode: 'question',
        limit,
      });
      return {
        paper: named,
        clearAnswer: result.clearAnswer,
        sentences: result.hits.map((hit) => ({
          paperId: named.id,
          paperTitle: named.title,
          sentenceIndex: hit.sentenceIndex,
          text: hit.text,
        })),
      };
    },
  };
}
