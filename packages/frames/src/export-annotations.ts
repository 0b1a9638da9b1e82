/**
 * @module Exports annotations as a SQuAD v1.1 JSON file (Rajpurkar et al., 2016): one article per
 * paper, one paragraph per annotated context window (the annotated sentence with its previous and
 * next sentence of the same section), `answer_start` relative to that paragraph.
 */
import type { Frame } from '@quarry/core';
import type { Annotation, Store } from '@quarry/store';

export interface SquadAnswer {
  answer_start: number;
  text: string;
}

export interface SquadQuestion {
  id: string;
  question: string;
  answers: SquadAnswer[];
}

export interface SquadParagraph {
  context: string;
  qas: SquadQuestion[];
}

export interface SquadArticle {
  title: string;
  paper_id: string;
  paragraphs: SquadParagraph[];
}

export interface SquadExport {
  version: string;
  data: SquadArticle[];
}

export const squadExportVersion = '1.1';

/** [start, end) of the paper text around a frame: its section neighbours included. */
function windowAround(frames: readonly Frame[], position: number): { start: number; end: number } {
  const frame = frames[position];
  if (frame === undefined) return { start: 0, end: 0 };
  const previous = frames[position - 1];
  const next = frames[position + 1];
  return {
    start: previous?.sectionIndex === frame.sectionIndex ? previous.charStart : frame.charStart,
    end: next?.sectionIndex === frame.sectionIndex ? next.charEnd : frame.charEnd,
  };
}

export async function exportAnnotationsAsSquad(options: {
  store: Store;
  paperId?: string;
}): Promise<SquadExport> {
  const { store } = options;
  const annotations = await store.annotations.list(
    options.paperId === undefined ? {} : { paperId: options.paperId },
  );
  const byPaper = new Map<string, Annotation[]>();
  for (const annotation of annotations) {
    const list = byPaper.get(annotation.paperId);
    if (list) list.push(annotation);
    else byPaper.set(annotation.paperId, [annotation]);
  }
  const data: SquadArticle[] = [];
  for (const [paperId, paperAnnotations] of byPaper) {
    const paper = await store.papers.get(paperId);
    if (paper === null) continue;
    const frames = await store.papers.frames(paperId);
    const positionOf = new Map(frames.map((frame, position) => [frame.id, position]));
    const paragraphs = new Map<string, SquadParagraph & { start: number }>();
    for (const annotation of paperAnnotations) {
      const window = windowAround(frames, positionOf.get(annotation.frameId) ?? -1);
      // A selection may run past the window; the paragraph then grows to hold all of it.
      const start = Math.min(window.start, annotation.charStart);
      const end = Math.max(window.end, annotation.charEnd);
      const key = `${start}:${end}`;
      let paragraph = paragraphs.get(key);
      if (paragraph === undefined) {
        paragraph = { start, context: paper.text.slice(start, end), qas: [] };
        paragraphs.set(key, paragraph);
      }
      paragraph.qas.push({
        id: `quarry-annotation-${annotation.id}`,
        question: annotation.question,
        answers: [{ answer_start: annotation.charStart - start, text: annotation.answerText }],
      });
    }
    data.push({
      title: paper.title,
      paper_id: paperId,
      paragraphs: [...paragraphs.values()]
        .sort((left, right) => left.start - right.start)
        .map(({ context, qas }) => ({ context, qas })),
    });
  }
  return { version: squadExportVersion, data };
}
