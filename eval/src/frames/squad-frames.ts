/**
 * @module SQuAD v1.1 as papers for sentence answer retrieval (ReQA, Ahmad et al. 2019; Talk to
 * Papers Table 3): one paper per article, one section per paragraph (so a frame's context can be
 * its whole paragraph), each paragraph split into sentences; a question's target is the sentence
 * holding its first answer's `answer_start`. A paragraph repeated in the file is indexed once.
 * The one SQuAD reader of eval/: the frame-index ReQA run and the encoder's candidate-pool ReQA
 * (training validation, held-out evaluation) both read through it.
 */
import { AppError, readTextFile } from '@quarry/core';
import type { Paper, Sentence } from '@quarry/core';
import { splitSentences } from '@quarry/text';

export interface SquadTarget {
  questionId: string;
  question: string;
  paperId: string;
  /** The target sentence's index in its paper: the one holding the first answer. */
  sentenceIndex: number;
  /** Every sentence (index in its paper) that one of the answers starts in, first answer first. */
  answerSentenceIndices: number[];
}

export interface ReadSquadOptions {
  /** Which articles (by position in the file) to read; default all. */
  keepArticle?: (articleIndex: number) => boolean;
}

export interface SquadBenchmarkData {
  papers: Paper[];
  questions: SquadTarget[];
  sentences: number;
}

interface RawSquad {
  data?: {
    title?: string;
    paragraphs?: {
      context?: string;
      qas?: { id?: string; question?: string; answers?: { answer_start?: number }[] }[];
    }[];
  }[];
}

const paragraphSeparator = '\n\n';

/** Index of the last sentence starting at or before `offset` (answers never start in a gap). */
function sentenceAt(spans: readonly { start: number }[], offset: number): number {
  let found = 0;
  for (const [position, span] of spans.entries()) if (span.start <= offset) found = position;
  return found;
}

export function squadBenchmarkFromJson(
  value: unknown,
  where: string,
  options: ReadSquadOptions = {},
): SquadBenchmarkData {
  const keepArticle = options.keepArticle ?? (() => true);
  const raw = value as RawSquad;
  if (!Array.isArray(raw?.data)) {
    throw new AppError({
      code: 'invalid_input',
      message: 'not a SQuAD file: no "data" list',
      where,
      fix: 'give a SQuAD v1.1 JSON file ({"data": [{"title", "paragraphs": [...]}]})',
    });
  }
  const papers: Paper[] = [];
  const questions: SquadTarget[] = [];
  const seenParagraphs = new Map<string, { paperId: string; firstSentence: number }>();
  let sentenceCount = 0;
  for (const [articleIndex, article] of raw.data.entries()) {
    if (!keepArticle(articleIndex)) continue;
    const paperId = `squad-${articleIndex}`;
    const sentences: Sentence[] = [];
    const sections: Paper['sections'] = [];
    const parts: string[] = [];
    let offset = 0;
    for (const paragraph of article.paragraphs ?? []) {
      const context = paragraph.context ?? '';
      const spans = splitSentences(context);
      let location = seenParagraphs.get(context);
      if (location === undefined && spans.length > 0) {
        const sectionIndex = sections.length;
        location = { paperId, firstSentence: sentences.length };
        seenParagraphs.set(context, location);
        if (parts.length > 0) offset += paragraphSeparator.length;
        sections.push({ index: sectionIndex, title: `Paragraph ${sectionIndex + 1}` });
        for (const [position, span] of spans.entries()) {
          sentences.push({
            index: sentences.length,
            sectionIndex,
            text: span.text,
            charStart: offset + span.start,
            charEnd: offset + span.end,
            sourceIndex: position,
            page: null,
          });
        }
        parts.push(context);
        offset += context.length;
      }
      if (location === undefined) continue;
      for (const qa of paragraph.qas ?? []) {
        const answerStarts = (qa.answers ?? [])
          .map((answer) => answer.answer_start)
          .filter((start): start is number => typeof start === 'number');
        const answerStart = qa.answers?.[0]?.answer_start;
        if (typeof answerStart !== 'number' || !qa.question || !qa.id) continue;
        const firstSentence = location.firstSentence;
        questions.push({
          questionId: qa.id,
          question: qa.question,
          paperId: location.paperId,
          sentenceIndex: firstSentence + sentenceAt(spans, answerStart),
          answerSentenceIndices: [
            ...new Set(answerStarts.map((start) => firstSentence + sentenceAt(spans, start))),
          ],
        });
      }
    }
    sentenceCount += sentences.length;
    if (sentences.length === 0) continue;
    papers.push({
      id: paperId,
      title: article.title ?? paperId,
      abstract: null,
      year: null,
      authors: [],
      url: null,
      source: 'text',
      text: parts.join(paragraphSeparator),
      sections,
      sentences,
      extra: { squadArticleIndex: articleIndex },
    });
  }
  return { papers, questions, sentences: sentenceCount };
}

export async function readSquadBenchmark(
  file: string,
  options: ReadSquadOptions = {},
): Promise<SquadBenchmarkData> {
  const text = await readTextFile({ path: file, what: 'the SQuAD file' });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AppError({
      code: 'invalid_input',
      message: 'the SQuAD file is not JSON',
      where: file,
      cause: error,
    });
  }
  return squadBenchmarkFromJson(value, file, options);
}
