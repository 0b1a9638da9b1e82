/**
 * @module ReQA over SQuAD (Ahmad et al. 2019, https://arxiv.org/abs/1907.04780): each question ranks
 * every sentence of the chosen articles; the sentence(s) an answer starts in are relevant.
 */
import type { SquadArticle } from '../corpora/squad-articles.js';
import type { RetrievalBenchmark, RetrievalQuery } from './retrieval-evaluation.js';

export function buildReqaBenchmark(articles: readonly SquadArticle[]): RetrievalBenchmark {
  const candidates: string[] = [];
  const queries: RetrievalQuery[] = [];
  for (const paragraph of articles.flatMap((article) => article.paragraphs)) {
    const offset = candidates.length;
    candidates.push(...paragraph.sentences);
    for (const question of paragraph.questions) {
      queries.push({
        text: question.question,
        relevant: new Set(question.answerSentenceIndices.map((index) => offset + index)),
      });
    }
  }
  return { queries, candidates };
}
