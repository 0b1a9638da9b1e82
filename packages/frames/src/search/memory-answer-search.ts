/**
 * @module The `memory` search backend: the frame index held in this process (frame-index.ts),
 * behind the AnswerSearch interface. The embedded (PGlite) default: every search is in memory.
 * The index itself does no I/O; this backend holds the store for what outlives the process: a new
 * question's vector and the stored questions that prefix suggestions read.
 */
import { AppError } from '@quarry/core';
import type { Store } from '@quarry/store';
import { findInPaper } from '../find-in-paper.js';
import type { FrameIndex } from '../frame-index.js';
import { frequentlyAskedQuestions, suggestQuestions } from '../suggest.js';
import type { AnswerSearch, SearchableQuestion } from './answer-search.js';
import { recentTitles, withPaperScope } from './paper-scope.js';

export function memoryAnswerSearch(index: FrameIndex, store: Store): AnswerSearch {
  const paperTitles = () => {
    const titles = new Map<string, string>();
    for (const paperId of index.paperIds()) {
      const range = index.paperRange(paperId);
      if (range) titles.set(paperId, index.frameAt(range.start).paperTitle);
    }
    return Promise.resolve(titles);
  };
  return {
    backend: 'memory',
    settings: index.settings,
    search: withPaperScope({
      search: (options) => index.search(options),
      paperTitles: recentTitles({
        read: paperTitles,
        maxAgeMs: index.settings.scopeTitlesMaxAgeMs,
      }),
      maxScopedPapers: index.settings.maxScopedPapers,
    }),
    findInPaper: (options) => findInPaper({ index, ...options }),
    suggest: (options) => suggestQuestions({ index, ...options }),
    faq: (options) => Promise.resolve(frequentlyAskedQuestions({ index, ...options })),
    paperTitles,
    sentencesMatching: (query, limit) =>
      Promise.resolve(
        index.lexicalSentences(query, limit).map((frame) => ({
          frameId: frame.id,
          paperId: frame.paperId,
          paperTitle: frame.paperTitle,
          sectionTitle: frame.sectionTitle,
          sentenceIndex: frame.sentenceIndex,
          text: frame.text,
        })),
      ),
    async addQuestion(question) {
      await addStoredQuestion({
        index,
        store,
        question: { ...question, origin: index.question(question.id)?.origin ?? question.origin },
      });
    },
    removeQuestion(questionId) {
      index.removeQuestion(questionId);
      return Promise.resolve();
    },
  };
}

/**
 * Embeds a question of a frame the index holds, stores its vector (a later load reads it instead of
 * embedding again) and adds it to the index's Q; an AppError `not_found` for a frame it does not hold.
 */
async function addStoredQuestion(options: {
  index: FrameIndex;
  store: Store;
  question: SearchableQuestion;
}): Promise<void> {
  const { index, store, question } = options;
  index.requireFrameRow(question.frameId);
  const [vector] = await index.embedder.embed([question.text], 'query');
  if (vector === undefined) {
    throw new AppError({ code: 'model_failure', message: 'the embedder returned no vector' });
  }
  await store.vectors.upsertMany({
    ownerKind: 'question',
    model: index.modelId,
    vectors: [{ ownerId: question.id, vector }],
  });
  index.addQuestion(question, vector);
}
