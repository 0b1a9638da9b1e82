/**
 * @module An answer sentence as a LangChain Document: `pageContent` is the stored sentence itself,
 * verbatim; `metadata` says where it is (paper, section, sentence, character offsets), its
 * neighbours and how it scored.
 */
import { Document } from '@langchain/core/documents';
import type { AnswerHit } from '@quarry/frames';

export type AnswerDocumentMetadata = {
  paperId: string;
  paperTitle: string;
  /** The frame id: the stable id of this sentence. */
  sentenceId: string;
  /** Position of the sentence in the paper (0-based). */
  sentenceIndex: number;
  section: string;
  sectionIndex: number;
  /** Hybrid score (cosine + alpha * BM25 / top); comparable within one query only. */
  score: number;
  /** The previous and next sentence of the same section ('' at a section's edge). */
  contextBefore: string;
  contextAfter: string;
  /** Offsets of the sentence in the paper's text. */
  charStart: number;
  charEnd: number;
  page: number | null;
  /** The indexed question whose vector matched best, if one did. */
  matchedQuestion: string | null;
  /**
   * A rule-based guess at the answer inside the sentence (a number, time or name), when the
   * question's answer type is clear; it can pick the wrong one of several numbers.
   */
  answerSpan: string | null;
};

export function answerDocument(hit: AnswerHit): Document<AnswerDocumentMetadata> {
  return new Document({
    id: hit.frameId,
    pageContent: hit.text,
    metadata: {
      paperId: hit.paperId,
      paperTitle: hit.paperTitle,
      sentenceId: hit.frameId,
      sentenceIndex: hit.sentenceIndex,
      section: hit.sectionTitle,
      sectionIndex: hit.sectionIndex,
      score: hit.score,
      contextBefore: hit.contextBefore,
      contextAfter: hit.contextAfter,
      charStart: hit.charStart,
      charEnd: hit.charEnd,
      page: hit.page,
      matchedQuestion: hit.matchedQuestion?.text ?? null,
      answerSpan: hit.answerSpan?.text ?? null,
    },
  });
}
