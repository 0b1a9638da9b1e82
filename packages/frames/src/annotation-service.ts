/**
 * @module Annotations: a user's question on a selected span of a paper. Stored through the
 * annotation repository (which also adds the question to the frame's Q) and, when an index is
 * loaded, embedded at once so the very next search can match it.
 */
import type { Annotation, NewAnnotation, Store } from '@quarry/store';
import type { FrameIndex } from './frame-index.js';
import type { AnswerSearch } from './search/answer-search.js';
import { memoryAnswerSearch } from './search/memory-answer-search.js';

export interface AnnotationService {
  add(annotation: NewAnnotation): Promise<Annotation>;
  list(options?: { paperId?: string }): Promise<Annotation[]>;
  /** False when no annotation has this id. */
  remove(id: string): Promise<boolean>;
}

export function createAnnotationService(options: {
  store: Store;
  /**
   * A search, or a loaded frame index (searched through the memory backend on `store`). Without
   * one, questions are embedded on the index's next load.
   */
  index?: FrameIndex | AnswerSearch | null;
}): AnnotationService {
  const { store } = options;
  const source = options.index ?? null;
  const index =
    source === null ? null : 'backend' in source ? source : memoryAnswerSearch(source, store);
  return {
    async add(annotation) {
      const stored = await store.annotations.add(annotation);
      if (index && stored.questionId !== null) {
        // A question the index already holds keeps its origin.
        await index.addQuestion({
          id: stored.questionId,
          frameId: stored.frameId,
          text: stored.question,
          origin: 'annotation',
        });
      }
      return stored;
    },
    list: (listOptions) => store.annotations.list(listOptions),
    async remove(id) {
      const annotation = (await store.annotations.list()).find((item) => item.id === id);
      const removed = await store.annotations.remove(id);
      if (!removed || !index || !annotation || annotation.questionId === null) return removed;
      // The repository drops the question only when no other annotation still asks it.
      const remaining = await store.questions.forFrames([annotation.frameId]);
      if (!remaining.some((question) => question.id === annotation.questionId)) {
        await index.removeQuestion(annotation.questionId);
      }
      return removed;
    },
  };
}
