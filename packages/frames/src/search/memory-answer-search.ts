/**
 * @module The `memory` search backend: the frame index held in this process (frame-index.ts),
 * behind the AnswerSearch interface. The embedded (PGlite) default: every search is in memory.
 */
import { findInPaper } from '../find-in-paper.js';
import type { FrameIndex } from '../frame-index.js';
import { frequentlyAskedQuestions, suggestQuestions } from '../suggest.js';
import type { AnswerSearch } from './answer-search.js';

/** The search interface of a loaded frame index, or the search given. */
export function asAnswerSearch(source: FrameIndex | AnswerSearch): AnswerSearch {
  return 'backend' in source ? source : memoryAnswerSearch(source);
}

export function memoryAnswerSearch(index: FrameIndex): AnswerSearch {
  return {
    backend: 'memory',
    settings: index.settings,
    search: (options) => index.search(options),
    findInPaper: (options) => findInPaper({ index, ...options }),
    suggest: (options) => suggestQuestions({ index, ...options }),
    faq: (options) => Promise.resolve(frequentlyAskedQuestions({ index, ...options })),
    paperTitles() {
      const titles = new Map<string, string>();
      for (const paperId of index.paperIds()) {
        const range = index.paperRange(paperId);
        if (range) titles.set(paperId, index.frameAt(range.start).paperTitle);
      }
      return Promise.resolve(titles);
    },
    async addQuestion(question) {
      await index.addQuestion({
        ...question,
        origin: index.question(question.id)?.origin ?? question.origin,
      });
    },
    removeQuestion(questionId) {
      index.removeQuestion(questionId);
      return Promise.resolve();
    },
  };
}
