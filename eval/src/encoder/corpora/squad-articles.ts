/**
 * @module SQuAD v1.1 articles split into sentences, with each question linked to the sentence(s)
 * holding its answer, as ReQA (Ahmad et al. 2019, https://arxiv.org/abs/1907.04780) builds
 * question-to-answer-sentence retrieval from SQuAD.
 */
import { readFile } from 'node:fs/promises';
import { splitSentences } from '@quarry/text';

export interface SquadParagraph {
  sentences: string[];
  questions: SquadQuestion[];
}

export interface SquadQuestion {
  id: string;
  question: string;
  /** Indices into the paragraph's `sentences` of every sentence an answer starts in. */
  answerSentenceIndices: number[];
}

export interface SquadArticle {
  /** Position in the file; even positions may be trained on, odd ones are held out. */
  index: number;
  title: string;
  paragraphs: SquadParagraph[];
}

interface RawSquadFile {
  data: {
    title: string;
    paragraphs: {
      context: string;
      qas: { id: string; question: string; answers: { answer_start: number; text: string }[] }[];
    }[];
  }[];
}

export async function readSquadArticles(file: string): Promise<SquadArticle[]> {
  const raw = JSON.parse(await readFile(file, 'utf8')) as RawSquadFile;
  return raw.data.map((article, index) => ({
    index,
    title: article.title,
    paragraphs: article.paragraphs.map((paragraph) => {
      const spans = splitSentences(paragraph.context);
      const sentenceIndexAt = (offset: number): number => {
        // The last sentence starting at or before the answer (answers never start in a gap's middle).
        let found = 0;
        spans.forEach((span, spanIndex) => {
          if (span.start <= offset) found = spanIndex;
        });
        return found;
      };
      return {
        sentences: spans.map((span) => span.text),
        questions: paragraph.qas.map((qa) => ({
          id: qa.id,
          question: qa.question,
          answerSentenceIndices: [
            ...new Set(qa.answers.map((answer) => sentenceIndexAt(answer.answer_start))),
          ],
        })),
      };
    }),
  }));
}
