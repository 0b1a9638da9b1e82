/**
 * @module Builds a paper's frames from its sentences: each sentence with the previous and next
 * sentence of the same section as its context window (Talk to Papers / SOCO, section 3.1).
 */
import type { Frame, Paper } from '@quarry/core';

export type NewFrame = Omit<Frame, 'id'>;

export function framesFromPaper(paper: Paper): NewFrame[] {
  const { sentences, sections } = paper;
  return sentences.map((sentence, position) => {
    const previous = sentences[position - 1];
    const next = sentences[position + 1];
    return {
      paperId: paper.id,
      sectionIndex: sentence.sectionIndex,
      sectionTitle: sections[sentence.sectionIndex]?.title ?? '',
      sentenceIndex: sentence.index,
      sourceIndex: sentence.sourceIndex,
      text: sentence.text,
      charStart: sentence.charStart,
      charEnd: sentence.charEnd,
      page: sentence.page,
      contextBefore: previous?.sectionIndex === sentence.sectionIndex ? previous.text : '',
      contextAfter: next?.sectionIndex === sentence.sectionIndex ? next.text : '',
    };
  });
}
