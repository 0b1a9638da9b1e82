/**
 * @module Fills the question sets Q of stored frames: runs a question generator over the frames
 * of each paper and stores the questions under the generator's origin (a question a frame already
 * has is not added twice). The frame index embeds them on its next load.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Store } from '@quarry/store';
import type { QuestionGenerator, QuestionSource } from './question-generator.js';

export interface GenerateQuestionsOptions {
  store: Store;
  generator: QuestionGenerator;
  /** Only these papers; default every paper in the store. */
  paperIds?: readonly string[];
  /** Papers listed per page when walking the whole store. */
  pageSize?: number;
  onProgress?: (progress: { done: number; total: number; questions: number }) => void;
}

export interface GenerateQuestionsSummary {
  papers: number;
  frames: number;
  /** Questions newly stored (repeats of existing ones are not counted). */
  questions: number;
}

const defaultPageSize = 1000;

export async function generateQuestions(
  options: GenerateQuestionsOptions,
): Promise<GenerateQuestionsSummary> {
  const { store, generator } = options;
  // For a few named papers (an upload) read only their titles, not the whole paper list.
  const titles = options.paperIds
    ? await titlesOf(store, options.paperIds)
    : await paperTitles(store, options.pageSize ?? defaultPageSize);
  const paperIds = options.paperIds ?? [...titles.keys()];
  const summary: GenerateQuestionsSummary = { papers: 0, frames: 0, questions: 0 };
  for (const paperId of paperIds) {
    const frames = await store.papers.frames(paperId);
    const sources: QuestionSource[] = frames.map((frame) => ({
      frameId: frame.id,
      text: frame.text,
      sectionTitle: frame.sectionTitle,
      paperTitle: titles.get(paperId) ?? '',
      contextBefore: frame.contextBefore,
      contextAfter: frame.contextAfter,
      ...(frame.sectionKind === undefined ? {} : { sectionKind: frame.sectionKind }),
    }));
    // Give the event loop a turn between the store's queries and the generator (a server is
    // answering requests while an uploaded paper's questions are made).
    await nextTurn();
    const generated = await generator.generate(sources);
    await nextTurn();
    const stored = await store.questions.addMany(
      generated.map((question) => ({
        frameId: question.frameId,
        text: question.text,
        origin: generator.origin,
      })),
    );
    summary.papers += 1;
    summary.frames += frames.length;
    summary.questions += stored.length;
    options.onProgress?.({
      done: summary.papers,
      total: paperIds.length,
      questions: summary.questions,
    });
  }
  return summary;
}

async function titlesOf(store: Store, paperIds: readonly string[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (const paperId of paperIds) {
    const paper = await store.papers.get(paperId);
    if (paper) titles.set(paperId, paper.title);
  }
  return titles;
}

async function paperTitles(store: Store, pageSize: number): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (let offset = 0; ; offset += pageSize) {
    const page = await store.papers.list({ limit: pageSize, offset });
    for (const paper of page) titles.set(paper.id, paper.title);
    if (page.length < pageSize) return titles;
  }
}
